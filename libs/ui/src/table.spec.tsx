import { screen, within } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Table } from './table.js';

describe('Table', () => {
  it('sits in a named region that the keyboard can reach to scroll it', () => {
    renderWithTheme(
      <Table label="Users">
        <thead>
          <tr>
            <th>ID</th>
            <th>NAME</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>1</td>
            <td>Admin</td>
          </tr>
        </tbody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'NAME']);
    expect(within(table).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
  });
});
