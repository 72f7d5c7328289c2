import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Link } from 'react-router-dom';
import { renderWithTheme } from './testing/render.js';
import { Button } from './button.js';

describe('Button', () => {
  it('is a button that does not submit forms unless asked to', () => {
    renderWithTheme(<Button>Add to Cart</Button>);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAttribute('type', 'button');
  });

  it('keeps an explicit submit type', () => {
    renderWithTheme(<Button type="submit">Update</Button>);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveAttribute('type', 'submit');
  });

  it('answers clicks and the keyboard when enabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(<Button onClick={onClick}>Place Order</Button>);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks and is skipped by Tab when disabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(
      <Button $variant="danger" disabled onClick={onClick}>
        Checkout
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Checkout' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.tab();
    expect(onClick).not.toHaveBeenCalled();
    expect(button).not.toHaveFocus();
  });

  it.each([
    ['primary', 'rgb(31, 45, 61)'],
    ['secondary', 'rgb(90, 98, 112)'],
    ['danger', 'rgb(176, 42, 55)'],
    ['light', 'rgb(241, 243, 245)'],
  ] as const)('takes its %s colours from the theme', (variant, background) => {
    renderWithTheme(<Button $variant={variant}>Delete</Button>);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveStyle({ backgroundColor: background });
  });

  it('renders as a router link through `as`, without a button type', () => {
    renderWithTheme(
      <MemoryRouter>
        <Button as={Link} to="/" $variant="light" $size="sm">
          Go Back
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Go Back' });
    expect(link).toHaveAttribute('href', '/');
    expect(link).not.toHaveAttribute('type');
  });
});
