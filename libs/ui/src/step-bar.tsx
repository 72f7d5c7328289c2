import { Link } from 'react-router-dom';
import { stepBar } from './step-bar.styles.js';

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

/** The checkout step bar shown on the sign in, shipping, payment and place order pages. */
export function StepBar({ reached, current = reached }: StepBarProps) {
  return (
    <nav aria-label="Checkout steps">
      <ol className={stepBar.list}>
        {CHECKOUT_STEPS.map((step, index) => {
          const number = index + 1;
          return (
            <li key={step.label}>
              {number <= reached ? (
                <Link className={stepBar.link} to={step.to} aria-current={number === current ? 'step' : undefined}>
                  {step.label}
                </Link>
              ) : (
                <span className={stepBar.disabled} aria-disabled="true">
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
