import type { ApiClient } from '../api/http.js';

/** An API answer fetched before the page rendered, and when it came (ms since the epoch). */
export interface FirstAnswer<T = unknown> {
  data: T;
  at: number;
}

/**
 * A page's first answers by address; each is handed to the first query asking for its address. The
 * browser's page has one (pageFirstAnswers); a server render makes one per request (docs/ssr.md), so
 * concurrent renders never take each other's answers.
 */
export class FirstAnswers {
  private readonly answers = new Map<string, FirstAnswer>();

  /**
   * The answer fetched for `address` before the page rendered, handed out once: the query that takes it
   * keeps it in the cache from then on, and a query made later asks the API afresh.
   */
  take<T>(address: string): FirstAnswer<T> | undefined {
    const answer = this.answers.get(address) as FirstAnswer<T> | undefined;
    this.answers.delete(address);
    return answer;
  }

  /** The answer fetched for `address`, without handing it out (a server render describing its page). */
  peek<T>(address: string): T | undefined {
    return this.answers.get(address)?.data as T | undefined;
  }

  /**
   * Fetches a page's first answers before the page renders, so its first render already shows them: one
   * render and one layout instead of a loading state, then the answer, then a second render replacing it.
   * The addresses are GETs of the API exactly as the page's queries ask for them (`useShopQuery`'s `get`),
   * as the page's remote names them in its build and the gateway hints them in index.html; this library
   * knows none of them. Resolves when every one has answered or failed, never rejects. Only answers are
   * kept: a failed call leaves the query to the page, which loads it as it would have without this (its
   * loading state, its retry, its error), and so does a page that renders before the answer is in.
   */
  async prefetch(http: ApiClient, addresses: readonly string[]): Promise<void> {
    await Promise.all(
      addresses.map(async (address) => {
        if (!isApiGet(address)) return;
        try {
          const data = await http.request<unknown>(address);
          this.answers.set(address, { data, at: Date.now() });
        } catch {
          // The page's own query meets the failure again and shows it as the spec says.
        }
      }),
    );
  }

  /** Forgets every answer not taken (tests; a page that navigated away before rendering). */
  forget(): void {
    this.answers.clear();
  }
}

/** The browser page's first answers (the shell fetches them with index.html's preload hints). */
export const pageFirstAnswers = new FirstAnswers();

/** Fetches the page's first answers (see FirstAnswers.prefetch) into the browser page's set. */
export function prefetchFirstAnswers(http: ApiClient, addresses: readonly string[]): Promise<void> {
  return pageFirstAnswers.prefetch(http, addresses);
}

/** Forgets every first answer of the browser page not taken (tests). */
export function forgetFirstAnswers(): void {
  pageFirstAnswers.forget();
}

/** Only the shop's own API, by path on this origin: a hint can't make the page fetch elsewhere. */
function isApiGet(address: string): boolean {
  return address.startsWith('/api/') && !address.startsWith('//');
}
