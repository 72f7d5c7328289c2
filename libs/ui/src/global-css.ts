/**
 * The old static system's page stylesheet, kept only while the apps move to styled-components (the
 * shell's build still writes it into index.html through `@shop/ui/global-css`): the base styles, the same
 * text GlobalStyle writes. Every @shop/ui component is a styled component now, so none adds CSS here.
 */
import { baseCss } from './global-style.js';
import { theme as shopTheme, type ShopTheme } from './theme.js';

/** The components' CSS in the old page stylesheet: none, as every component is a styled component. */
const COMPONENTS_CSS: string[] = [];

/** The id of the `<style>` element that holds the global CSS in the shell's index.html. */
export const GLOBAL_STYLE_ID = 'shop-global-style';

/** The page's stylesheet: base styles for `theme` (the shop's by default), then the static components'. */
export function globalCss(theme: ShopTheme = shopTheme): string {
  return [baseCss(theme), ...COMPONENTS_CSS].join('\n');
}
