/**
 * Page-wide base styles for every front end, through ShopThemeProvider. The shell's index.html carries
 * them already (see global-css.ts); GlobalStyle adds them only where the page has none yet, once, and
 * leaves them when it unmounts (they belong to the page, not to a component).
 */
import { useInsertionEffect } from 'react';
import { GLOBAL_STYLE_ID, globalCss } from './global-css.js';

export function GlobalStyle(): null {
  useInsertionEffect(() => {
    if (document.getElementById(GLOBAL_STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = GLOBAL_STYLE_ID;
    style.textContent = globalCss();
    document.head.append(style);
  }, []);
  return null;
}
