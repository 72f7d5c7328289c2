import { useEffect } from 'react';

/** The shop's name, appended to every screen's title. */
const SHOP_NAME = 'ProShop';

/**
 * Sets the browser tab's title while the screen is shown (issue 4: a page title per screen), and puts
 * back the one before it on leaving, so the shell's default title returns on screens that set none.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = `${title} | ${SHOP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
