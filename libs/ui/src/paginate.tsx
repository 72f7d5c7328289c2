import { Gap, PageLink, PageList } from './paginate.styles.js';

export interface PaginateProps {
  /** Number of pages. */
  pages: number;
  /** The current page, 1-based. */
  page: number;
  /** Where the link to a page goes, e.g. (n) => `/search/${keyword}/page/${n}`. */
  hrefFor: (page: number) => string;
  /** Names the navigation landmark; 'Pagination' by default. */
  label?: string;
  /**
   * For lists of any length (the admin tables): show only the first and the last page and `around`
   * pages either side of the current one, a gap (…) standing for the pages left out. Without it,
   * one link per page (spec section 9).
   */
  around?: number;
  /** For a styled wrapper: lands on the navigation landmark. */
  className?: string;
}

/** A page number to link, or a gap standing for the pages left out before the next number. */
type PageItem = number | 'gap';

/**
 * The pages to show: every page, or with `around` the first, the last and the current one's
 * neighbours. A gap of a single page shows that page instead (a … would take the same room).
 */
export function pageItems(pages: number, page: number, around?: number): PageItem[] {
  const all = Array.from({ length: pages }, (_, index) => index + 1);
  if (around === undefined) return all;
  const shown = all.filter((number) => number === 1 || number === pages || Math.abs(number - page) <= around);
  const items: PageItem[] = [];
  for (const number of shown) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && number - previous === 2) items.push(number - 1);
    else if (typeof previous === 'number' && number - previous > 2) items.push('gap');
    items.push(number);
  }
  return items;
}

/**
 * One link per page (spec section 9), or with `around` a window of them, shown only when there is
 * more than one page.
 */
export function Paginate({ pages, page, hrefFor, label = 'Pagination', around, className }: PaginateProps) {
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <PageList>
        {pageItems(pages, page, around).map((item, index) =>
          item === 'gap' ? (
            // Numbers either side say which pages are left out; the mark itself is only for the eye.
            <Gap key={`gap-${index}`} aria-hidden="true">
              …
            </Gap>
          ) : (
            <li key={item}>
              <PageLink to={hrefFor(item)} aria-current={item === page ? 'page' : undefined}>
                {item}
              </PageLink>
            </li>
          ),
        )}
      </PageList>
    </nav>
  );
}
