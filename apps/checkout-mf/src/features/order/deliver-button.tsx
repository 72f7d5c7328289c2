import { useDeliverOrder } from '@shop/shop-client';
import { Alert, Button } from '@shop/ui';
import { Waiting } from './waiting.js';

/** 'Mark as Delivered' for an admin on a paid, undelivered order (spec section 2); disabled while it is being saved. */
export function DeliverButton({ orderId }: { orderId: string }) {
  const deliver = useDeliverOrder(orderId);
  return (
    <>
      {deliver.error && <Alert variant="danger">{deliver.error.message}</Alert>}
      <Button $block disabled={deliver.isPending} onClick={() => deliver.mutate()}>
        Mark as Delivered
      </Button>
      {deliver.isPending && <Waiting text="Marking as delivered..." />}
    </>
  );
}
