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

  it('shows its label beside the ring when asked, announced once', () => {
    renderWithTheme(<Spinner size="sm" label="Marking as delivered..." showLabel />);
    const status = screen.getByRole('status', { name: 'Marking as delivered...' });
    expect(status).toHaveTextContent('Marking as delivered...Marking as delivered...');
    // The visible copy is hidden from screen readers: the status's name is what they hear.
    expect(screen.getAllByText('Marking as delivered...').filter((text) => text.getAttribute('aria-hidden') === 'true')).toHaveLength(1);
  });
});
