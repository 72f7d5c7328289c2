import { useEffect } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { OrderDto } from '@shop/contracts';
import { Alert, Spinner } from '@shop/ui';
import { useOpenPayPalPayment } from './api/open-paypal-payment.js';
import { usePayOrder } from './api/pay-order.js';
import { usePayPalConfig } from './api/get-paypal-config.js';

/** Spec section 2: a spinner 'Loading PayPal...' until the button can show. */
function LoadingPayPal() {
  return (
    <p>
      <Spinner size="sm" label="Loading PayPal..." showLabel />
    </p>
  );
}

export interface PayPalPaymentProps {
  order: Pick<OrderDto, '_id' | 'totalPrice'>;
}

/**
 * PayPal's button for an unpaid order (spec section 2; issue 4, section 4): configured from
 * GET /api/config/paypal (client id, the SDK's address, the currency). The payment is bound to the
 * order (issue 9): createOrder asks the shop, which opens the PayPal order on the server for the
 * order's total, marked with its id; once the buyer approves, PayPal's result ({ id }) goes to
 * pay_status, where the shop checks the order is still payable and captures the money itself.
 * usePayOrder then reloads the order.
 */
export function PayPalPayment({ order }: PayPalPaymentProps) {
  const config = usePayPalConfig();
  if (config.isPending) return <LoadingPayPal />;
  if (config.error) return <Alert variant="danger">{config.error.message}</Alert>;
  const { clientId, sdkUrl, currency } = config.data;
  return (
    <PayPalScriptProvider options={{ clientId, currency, sdkBaseUrl: sdkUrl }}>
      <PayPalCheckout order={order} />
    </PayPalScriptProvider>
  );
}

function PayPalCheckout({ order }: PayPalPaymentProps) {
  const [{ isPending, isRejected, options }] = usePayPalScriptReducer();
  const payOrder = usePayOrder(order._id);
  const openPayment = useOpenPayPalPayment(order._id);

  useEffect(() => {
    // Spec section 8: a payment script load failure is logged.
    if (isRejected) console.error(`PayPal's script could not be loaded from ${String(options.sdkBaseUrl)}`);
  }, [isRejected, options.sdkBaseUrl]);

  if (isPending) return <LoadingPayPal />;
  if (isRejected) return <Alert variant="danger">PayPal could not be loaded.</Alert>;

  return (
    <>
      {openPayment.error && <Alert variant="danger">{openPayment.error.message}</Alert>}
      {payOrder.error && <Alert variant="danger">{payOrder.error.message}</Alert>}
      {payOrder.isPending && <Spinner size="sm" label="Saving the payment..." showLabel />}
      <PayPalButtons
        createOrder={() => openPayment.mutateAsync()}
        onApprove={async (data) => {
          // The shop captures on the server, after its own checks: the browser only says which PayPal order was approved.
          payOrder.mutate({ id: data.orderID });
        }}
        onError={(error) => {
          // Spec section 8: a payment button error is only logged (the shop's own refusals show above).
          console.error(error);
        }}
      />
    </>
  );
}
