import { StepLink, StepNotReached, Steps } from './step-bar.styles.js';

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
  /** For a styled wrapper: lands on the navigation landmark. */
  className?: string;
}

/** The checkout step bar shown on the sign in, shipping, payment and place order pages. */
export function StepBar({ reached, current = reached, className }: StepBarProps) {
  return (
    <nav className={className} aria-label="Checkout steps">
      <Steps>
        {CHECKOUT_STEPS.map((step, index) => {
          const number = index + 1;
          return (
            <li key={step.label}>
              {number <= reached ? (
                <StepLink to={step.to} aria-current={number === current ? 'step' : undefined}>
                  {step.label}
                </StepLink>
              ) : (
                <StepNotReached aria-disabled="true">{step.label}</StepNotReached>
              )}
            </li>
          );
        })}
      </Steps>
    </nav>
  );
}
