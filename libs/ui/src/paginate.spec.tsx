import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithTheme } from './testing/render.js';
import { Paginate } from './paginate.js';

function renderPaginate(pages: number, page: number) {
  return renderWithTheme(
    <MemoryRouter>
      <Paginate pages={pages} page={page} hrefFor={(n) => `/search/phone/page/${n}`} />
    </MemoryRouter>,
  );
}

describe('Paginate', () => {
  it.each([0, 1])('renders nothing when there are %s pages', (pages) => {
    renderPaginate(pages, 1);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows one link per page inside a named navigation', () => {
    renderPaginate(3, 2);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/search/phone/page/1',
      '/search/phone/page/2',
      '/search/phone/page/3',
    ]);
  });

  it('marks only the current page with aria-current', () => {
    renderPaginate(3, 2);
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '1' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: '3' })).not.toHaveAttribute('aria-current');
  });
});
