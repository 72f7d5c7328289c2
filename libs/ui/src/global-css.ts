/**
 * The page's stylesheet as plain CSS text: the base styles (predictable box sizing, the base font, a
 * focus ring no one can miss, motion switched off for people who ask for less of it, the tokens as CSS
 * variables) and the static components' styles (see css.ts).
 *
 * Plain text, so the shell's build writes it into index.html (`@shop/ui/global-css`) and the browser has
 * it before any script runs: no render generates CSS (styled-components, which the shop used before,
 * rebuilt it on the main thread, ~90 ms of a throttled phone's first render). GlobalStyle adds the same
 * text where no index.html carries it (a remote run on its own, tests).
 */
import { alertCss } from './alert.styles.js';
import { buttonCss } from './button.styles.js';
import { cardCss } from './card.styles.js';
import { carouselCss } from './carousel.styles.js';
import { fieldCss } from './form-field.styles.js';
import { gridCss } from './grid.styles.js';
import { markCss } from './marks.styles.js';
import { paginateCss } from './paginate.styles.js';
import { ratingCss } from './rating.styles.js';
import { spinnerCss } from './spinner.styles.js';
import { stepBarCss } from './step-bar.styles.js';
import { tableCss } from './table.styles.js';
import { baseCss } from './global-style.js';
import { theme as shopTheme, type ShopTheme } from './theme.js';
import { visuallyHiddenCss } from './visually-hidden.styles.js';

/**
 * Every component's styles (their `*.styles.ts`): their CSS is part of the page's one stylesheet.
 */
const COMPONENTS_CSS = [visuallyHiddenCss, gridCss, buttonCss, fieldCss, cardCss, carouselCss, paginateCss, ratingCss, spinnerCss, alertCss, tableCss, stepBarCss, markCss];

/** The id of the `<style>` element that holds the global CSS, in index.html or added by GlobalStyle. */
export const GLOBAL_STYLE_ID = 'shop-global-style';

/** The page's stylesheet: base styles for `theme` (the shop's by default), then the static components'. */
export function globalCss(theme: ShopTheme = shopTheme): string {
  return `${baseCss(theme)}\n${COMPONENTS_CSS.join('\n')}`;
}
