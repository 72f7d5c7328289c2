import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShopActions } from '@shop/shop-client';
import { styled } from 'styled-components';
import { Button, Check, theme } from '@shop/ui';

const Choices = styled.fieldset`
  margin: 0 0 ${theme.space[3]};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${theme.space[2]};
    font-weight: ${theme.fontWeights.medium};
  }
`;

/** The payment method: the one radio of spec section 2, 'PayPal or Credit Card' (value PayPal), chosen. */
export function PaymentForm() {
  const { savePaymentGateway } = useShopActions();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    savePaymentGateway('PayPal');
    navigate('/placeorder');
  }

  return (
    <form onSubmit={onSubmit}>
      <Choices>
        <legend>Select Method</legend>
        <Check type="radio" name="paymentGateway" value="PayPal" label="PayPal or Credit Card" checked readOnly />
      </Choices>
      <Button type="submit">Continue</Button>
    </form>
  );
}
