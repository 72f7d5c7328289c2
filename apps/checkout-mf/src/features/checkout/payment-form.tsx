import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShopActions } from '@shop/shop-client';
import { Button, Check, css, theme, useStaticStyles } from '@shop/ui';

const choices = 'checkout-payment__choices';

const PAYMENT_STYLE_ID = 'checkout-payment-style';

const paymentCss = css`
.${choices} {
  margin: 0 0 ${theme.space[3]};
  padding: 0;
  border: 0;
}
.${choices} legend {
  margin-bottom: ${theme.space[2]};
  font-weight: ${theme.fontWeights.medium};
}
`;

/** The payment method: the one radio of spec section 2, 'PayPal or Credit Card' (value PayPal), chosen. */
export function PaymentForm() {
  const { savePaymentGateway } = useShopActions();
  const navigate = useNavigate();
  useStaticStyles(PAYMENT_STYLE_ID, paymentCss);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    savePaymentGateway('PayPal');
    navigate('/placeorder');
  }

  return (
    <form onSubmit={onSubmit}>
      <fieldset className={choices}>
        <legend>Select Method</legend>
        <Check type="radio" name="paymentGateway" value="PayPal" label="PayPal or Credit Card" checked readOnly />
      </fieldset>
      <Button type="submit">Continue</Button>
    </form>
  );
}
