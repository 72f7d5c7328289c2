/**
 * Page-wide styles for every front end, through ShopThemeProvider: the base styles and the static
 * components' CSS. The shell's index.html carries them already (see global-css.ts); GlobalStyle adds
 * them only where the page has none yet (a remote on its own, tests), once.
 */
import { GLOBAL_STYLE_ID, globalCss } from './global-css.js';
import { useStaticStyles } from './static-styles.js';

export function GlobalStyle(): null {
  useStaticStyles(GLOBAL_STYLE_ID, globalCss);
  return null;
}
