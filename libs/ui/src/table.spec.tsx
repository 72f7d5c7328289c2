import { screen, within } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { IdCell, Table } from './table.js';

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
    // Visually hidden text in a cell scrolled out of view must stay in the box, not widen the page.
    expect(region).toHaveStyle({ position: 'relative', overflowX: 'auto' });
    const table = within(region).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['ID', 'NAME']);
    expect(within(table).getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
  });

  it('lets a long id wrap instead of widening the table, as a cell or as the row header', () => {
    renderWithTheme(
      <Table label="Orders">
        <tbody>
          <tr>
            <IdCell as="th" scope="row">
              5046dfe9-51ea-4317-bfcb-8c80ca2d7673
            </IdCell>
            <IdCell>fbf33e98-2d45-40b1-9e7f-57557ef42079</IdCell>
          </tr>
        </tbody>
      </Table>,
    );
    const header = screen.getByRole('rowheader', { name: '5046dfe9-51ea-4317-bfcb-8c80ca2d7673' });
    const cell = screen.getByRole('cell', { name: 'fbf33e98-2d45-40b1-9e7f-57557ef42079' });
    for (const idCell of [header, cell]) {
      expect(idCell).toHaveStyle({ whiteSpace: 'normal', overflowWrap: 'anywhere' });
    }
  });

  it('writes its head from `columns`, a hidden column named for screen readers, and takes rows as children', () => {
    renderWithTheme(
      <Table label="Users" columns={['ID', 'NAME', { hiddenLabel: 'Actions' }]}>
        <tr>
          <td>u1</td>
          <td>Ann</td>
          <td>
            <button>Edit</button>
          </td>
        </tr>
      </Table>,
    );
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['ID', 'NAME', 'Actions']);
    const [head, body] = screen.getAllByRole('rowgroup');
    expect(within(head).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(body).getByRole('cell', { name: 'Ann' })).toBeInTheDocument();
  });
});
