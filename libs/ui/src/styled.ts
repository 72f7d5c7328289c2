/**
 * Types `props.theme` in every styled component as the shop's theme. This is a .ts module rather than a
 * styled.d.ts because tsc never copies hand-written .d.ts files into dist: as a module it is emitted, and
 * index.ts imports it, so every app importing @shop/ui gets the same typing.
 */
// Importing the module makes the block below an augmentation of it rather than a new declaration.
import 'styled-components';
import type { ShopTheme } from './theme.js';

declare module 'styled-components' {
  export interface DefaultTheme extends ShopTheme {}
}

export type { ShopTheme };
