import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Spinner } from './spinner.js';

describe('Spinner', () => {
  it('is a status named "Loading..." for screen readers', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });

  it('takes a label saying what is loading', () => {
    renderWithTheme(<Spinner size="sm" label="Loading PayPal..." />);
    expect(screen.getByRole('status', { name: 'Loading PayPal...' })).toBeInTheDocument();
  });
});
