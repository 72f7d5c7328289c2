import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StandaloneRoutes } from './standalone-routes.js';

describe('the catalog running alone', () => {
  it.each(['/', '/page/2', '/search/phone', '/search/phone/page/2'])('shows the home list at %s', (path) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <StandaloneRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Latest Products' })).toBeInTheDocument();
  });
});
