import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import '@testing-library/jest-dom/jest-globals';
import { QueryResult, type Loadable } from './query-result.js';
import { renderWithTheme } from './testing/render.js';

const show = (query: Loadable<{ name: string }>) =>
  renderWithTheme(<QueryResult query={query}>{(data) => <p>{data.name}</p>}</QueryResult>);

describe('QueryResult', () => {
  it('shows the spinner while the answer is on its way', () => {
    show({ isPending: true, error: null, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.queryByText('Lamp')).not.toBeInTheDocument();
  });

  it("shows a failed answer's message in a red alert", () => {
    show({ isPending: false, error: { message: 'Product not found' }, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Product not found');
  });

  it('shows the screen with the data once it is there', () => {
    show({ isPending: false, error: null, data: { name: 'Lamp' } });
    expect(screen.getByText('Lamp')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
