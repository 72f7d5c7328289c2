import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ShopThemeProvider } from '@shop/ui';
import { Menu } from './menu.js';

function renderMenu() {
  render(
    <ShopThemeProvider>
      <MemoryRouter>
        <Menu label="Admin">
          <li>
            <a href="/admin/userList">Users</a>
          </li>
          <li>
            <a href="/admin/orderList">Orders</a>
          </li>
        </Menu>
        <button type="button">Elsewhere</button>
      </MemoryRouter>
    </ShopThemeProvider>,
  );
  return screen.getByRole('button', { name: 'Admin' });
}

describe('Menu', () => {
  it('starts closed, with its links out of reach', () => {
    const toggle = renderMenu();

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('opens from the keyboard, lets Tab reach its links, and Escape closes it with focus back on the button', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();

    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('list').id);

    await user.tab();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('toggles with Space as well, and closes when focus leaves it', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();

    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
