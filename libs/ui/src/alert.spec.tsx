import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Alert } from './alert.js';

describe('Alert', () => {
  it('interrupts with role alert for a danger message', () => {
    renderWithTheme(<Alert variant="danger">Password do not match</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Password do not match');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(['success', 'info', 'warning'] as const)('announces a %s message politely with role status', (variant) => {
    renderWithTheme(<Alert variant={variant}>Review Submitted</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Review Submitted');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is an info status when no variant is given', () => {
    renderWithTheme(<Alert>No products to show...</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('No products to show...');
  });
});
