import { useEffect } from 'react';

/** The shop's name, appended to every screen's title. */
const SHOP_NAME = 'ProShop';

/** The title of a screen that sets none (spec section 2; the shell's index.html carries it too). */
export const DEFAULT_PAGE_TITLE = 'Welcome to ProShop';

/**
 * Sets the browser tab's title while the screen is shown (issue 4: a page title per screen), and puts
 * back the shop's default title on leaving, so screens that set none show it. (Not "the title before":
 * a server-rendered page starts with its own title already in place, docs/ssr.md.)
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    document.title = `${title} | ${SHOP_NAME}`;
    return () => {
      document.title = DEFAULT_PAGE_TITLE;
    };
  }, [title]);
}
