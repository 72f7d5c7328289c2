import { useEffect } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { OrderDto, PayPalConfigDto } from '@shop/contracts';
import { usePayOrder, usePayPalConfig } from '@shop/shop-client';
import { Alert } from '@shop/ui';
import { Waiting } from './waiting.js';

/** Spec section 2: a spinner 'Loading PayPal...' until the button can show. */
function LoadingPayPal() {
  return (
    <p>
      <Waiting text="Loading PayPal..." />
    </p>
  );
}

export interface PayPalPaymentProps {
  order: Pick<OrderDto, '_id' | 'totalPrice'>;
}

/**
 * PayPal's button for an unpaid order (spec section 2; issue 4, section 4): configured from
 * GET /api/config/paypal (client id, the SDK's address, the currency). The capture result goes to
 * pay_status with exactly {id, status, update_time, payer: {email_address}}; usePayOrder then reloads the order.
 */
export function PayPalPayment({ order }: PayPalPaymentProps) {
  const config = usePayPalConfig();
  if (config.isPending) return <LoadingPayPal />;
  if (config.error) return <Alert variant="danger">{config.error.message}</Alert>;
  const { clientId, sdkUrl, currency } = config.data;
  return (
    <PayPalScriptProvider options={{ clientId, currency, sdkBaseUrl: sdkUrl }}>
      <PayPalCheckout order={order} currency={currency} />
    </PayPalScriptProvider>
  );
}

interface PayPalCheckoutProps extends PayPalPaymentProps {
  /** The script's currency: PayPal refuses an order in any other. */
  currency: PayPalConfigDto['currency'];
}

function PayPalCheckout({ order, currency }: PayPalCheckoutProps) {
  const [{ isPending, isRejected, options }] = usePayPalScriptReducer();
  const payOrder = usePayOrder(order._id);

  useEffect(() => {
    // Spec section 8: a payment script load failure is logged.
    if (isRejected) console.error(`PayPal's script could not be loaded from ${String(options.sdkBaseUrl)}`);
  }, [isRejected, options.sdkBaseUrl]);

  if (isPending) return <LoadingPayPal />;
  if (isRejected) return <Alert variant="danger">PayPal could not be loaded.</Alert>;

  return (
    <>
      {payOrder.error && <Alert variant="danger">{payOrder.error.message}</Alert>}
      {payOrder.isPending && <Waiting text="Saving the payment..." />}
      <PayPalButtons
        createOrder={(_data, actions) =>
          actions.order.create({
            intent: 'CAPTURE',
            purchase_units: [{ amount: { currency_code: currency, value: order.totalPrice.toFixed(2) } }],
          })
        }
        onApprove={async (_data, actions) => {
          // The SDK gives order actions to an order button, but types them as optional; without them
          // there is nothing to capture, and PayPal hands this error to onError.
          if (!actions.order) throw new Error('PayPal approved the payment without order actions to capture it');
          const details = await actions.order.capture();
          payOrder.mutate({
            id: details.id ?? '',
            status: details.status ?? '',
            update_time: details.update_time ?? '',
            payer: { email_address: details.payer?.email_address ?? '' },
          });
        }}
        onError={(error) => {
          // Spec section 8: a payment button error is only logged.
                console.error(error);
        }}
      />
    </>
  );
}
