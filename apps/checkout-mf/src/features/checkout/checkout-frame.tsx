import type { ReactNode } from 'react';
import { StepBar, type CheckoutStepNumber } from '@shop/ui';
import { RequireSignIn } from '../../shared/require-sign-in.js';

export interface CheckoutFrameProps {
  /** The page's step: 2 shipping, 3 payment, 4 place order. Steps up to it are links. */
  step: CheckoutStepNumber;
  /** The page's path without its slash, where sign-in comes back to. */
  redirect: string;
  children: ReactNode;
}

/** What every checkout page shares: signed-in only, and the step bar with the steps done so far. */
export function CheckoutFrame({ step, redirect, children }: CheckoutFrameProps) {
  return (
    <RequireSignIn redirect={redirect}>
      <StepBar reached={step} />
      {children}
    </RequireSignIn>
  );
}
