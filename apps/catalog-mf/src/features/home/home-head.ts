/**
 * What the home list tells search engines (docs/ssr.md): the same title the browser's tab shows, the
 * page's own address (page 2 is its own page, with its own products), and search results kept out of
 * search engines' indexes (their links are still followed to the products).
 */
import type { PageHead, PageHeadInput } from '@shop/contracts';

export function homePageHead({ params }: PageHeadInput): PageHead {
  const page = Number(params.pageNumber) || 1;
  if (params.keyword) return { title: `Search: ${params.keyword}`, noindex: true };
  return { title: 'Latest Products', canonicalPath: page > 1 ? `/page/${page}` : '/' };
}
