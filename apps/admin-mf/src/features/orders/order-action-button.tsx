import { Alert, Button, Spinner, type ButtonVariant } from '@shop/ui';

export interface OrderActionButtonProps {
  /** The button's text: 'Cancel Order', 'Refund'. */
  label: string;
  /** What the spinner says meanwhile: 'Cancelling...'. */
  busyLabel: string;
  /** Asked before an action that cannot be undone ('Are you sure?', as the spec's deletes ask); none: no question. */
  confirm?: string;
  variant?: ButtonVariant;
  action: { mutate: () => void; isPending: boolean; error: Error | null };
}

/** One of admin's actions on an order: a full-width button, its error above it, its spinner below while it runs. */
export function OrderActionButton({ label, busyLabel, confirm, variant = 'primary', action }: OrderActionButtonProps) {
  function run() {
    if (confirm === undefined || window.confirm(confirm)) action.mutate();
  }
  return (
    <>
      {action.error && <Alert variant="danger">{action.error.message}</Alert>}
      <Button $block $variant={variant} disabled={action.isPending} onClick={run}>
        {label}
      </Button>
      {action.isPending && <Spinner size="sm" label={busyLabel} showLabel />}
    </>
  );
}
