import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { media } from './theme.js';

/** The checkout steps, labelled as the spec names them (section 2, Checkout), with the page each opens. */
export const CHECKOUT_STEPS = [
  { label: 'Sign In', to: '/login' },
  { label: 'Shipping', to: '/shipping' },
  { label: 'Payment', to: '/payment' },
  { label: 'Order', to: '/placeorder' },
] as const;

export type CheckoutStepNumber = 1 | 2 | 3 | 4;

export interface StepBarProps {
  /** How far the shopper has got: steps 1..reached are links, the rest are disabled text. */
  reached: CheckoutStepNumber;
  /** The step of the page being shown, marked aria-current="step"; `reached` by default. */
  current?: CheckoutStepNumber;
}

const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  /* Tight on a phone, so the four steps fit one 375 px line. */
  gap: ${({ theme }) => theme.space[1]};
  margin: ${({ theme }) => `0 0 ${theme.space[4]}`};
  padding: 0;
  list-style: none;

  ${media.up('sm')} {
    column-gap: ${({ theme }) => theme.space[3]};
  }
`;

const StepLink = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  &[aria-current='step'] {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

/** A step not reached yet: plain text, dimmed, not focusable. */
const StepDisabled = styled.span`
  display: inline-block;
  padding: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The checkout step bar shown on the sign in, shipping, payment and place order pages. */
export function StepBar({ reached, current = reached }: StepBarProps) {
  return (
    <nav aria-label="Checkout steps">
      <List>
        {CHECKOUT_STEPS.map((step, index) => {
          const number = index + 1;
          return (
            <li key={step.label}>
              {number <= reached ? (
                <StepLink to={step.to} aria-current={number === current ? 'step' : undefined}>
                  {step.label}
                </StepLink>
              ) : (
                <StepDisabled aria-disabled="true">{step.label}</StepDisabled>
              )}
            </li>
          );
        })}
      </List>
    </nav>
  );
}
