import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithTheme } from './testing/render.js';
import { Paginate, pageItems } from './paginate.js';

function renderPaginate(pages: number, page: number, around?: number) {
  return renderWithTheme(
    <MemoryRouter>
      <Paginate pages={pages} page={page} hrefFor={(n) => `/search/phone/page/${n}`} around={around} />
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

  it('shows one link per page however many there are, without a window', () => {
    renderPaginate(40, 20);
    expect(screen.getAllByRole('link')).toHaveLength(40);
  });

  describe('with a window of pages around the current one', () => {
    it('links the first and the last page and two either side of the current one, a gap for the rest', () => {
      renderPaginate(2500, 1250, 2);
      expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '1248', '1249', '1250', '1251', '1252', '2500']);
      expect(screen.getByRole('link', { name: '1250' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: '2500' })).toHaveAttribute('href', '/search/phone/page/2500');
      expect(screen.getAllByText('…')).toHaveLength(2);
      for (const gap of screen.getAllByText('…')) expect(gap).toHaveAttribute('aria-hidden', 'true');
    });

    it.each([
      [7, 4, [1, 2, 3, 4, 5, 6, 7]],
      [10, 1, [1, 2, 3, 'gap', 10]],
      [10, 10, [1, 'gap', 8, 9, 10]],
      [10, 5, [1, 2, 3, 4, 5, 6, 7, 'gap', 10]],
      [10, 6, [1, 'gap', 4, 5, 6, 7, 8, 9, 10]],
      [2, 2, [1, 2]],
    ])('with %s pages at page %s shows %j (a gap of one page shows that page)', (pages, page, items) => {
      expect(pageItems(pages, page, 2)).toEqual(items);
    });
  });
});
