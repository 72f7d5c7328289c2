import { Alert, Button, Spinner } from '@shop/ui';
import { useDeliverOrder } from './api/deliver-order.js';

/** 'Mark as Delivered' (spec section 2), disabled while it is being saved, with a spinner and its text beside it meanwhile. */
export function DeliverButton({ orderId }: { orderId: string }) {
  const deliver = useDeliverOrder(orderId);
  return (
    <>
      {deliver.error && <Alert variant="danger">{deliver.error.message}</Alert>}
      <Button $block disabled={deliver.isPending} onClick={() => deliver.mutate()}>
        Mark as Delivered
      </Button>
      {deliver.isPending && <Spinner size="sm" label="Marking as delivered..." showLabel />}
    </>
  );
}
