import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Cross, Tick } from './marks.js';

describe('Tick and Cross', () => {
  it('show a sign to the eye and say their label to screen readers', () => {
    renderWithTheme(
      <table>
        <tbody>
          <tr>
            <td>
              <Tick label="Yes" />
            </td>
            <td>
              <Cross label="Not paid" />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByRole('cell', { name: 'Yes' })).toHaveTextContent('✓');
    expect(screen.getByRole('cell', { name: 'Not paid' })).toHaveTextContent('✗');
    expect(screen.getByText('✓')).toHaveAttribute('aria-hidden', 'true');
  });
});
