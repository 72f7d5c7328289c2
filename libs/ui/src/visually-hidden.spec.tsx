import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { VisuallyHidden } from './visually-hidden.js';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessible name of what contains it', () => {
    renderWithTheme(
      <button type="button">
        <span aria-hidden="true">×</span>
        <VisuallyHidden>Remove item</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Remove item' })).toBeInTheDocument();
  });
});
