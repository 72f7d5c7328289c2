/**
 * The shared singletons as the shell's server build provides them to the remotes' server builds: the
 * same libraries, by the same names, as the browser build shares (rspack.preset.mjs, SINGLETONS), so a
 * remote's page renders with the shell's React, router, query cache and styles on both sides (its styled
 * components write into the shell's ServerStyleSheet). Each is
 * provided as the version it is (set at build time), and a remote's own range is checked against it
 * as in the browser: a remote built for a @shop/ui the shell does not carry is refused, and its slot is
 * left to the browser, where the same refusal shows the remote's notice.
 */
import * as React from 'react';
import * as ReactDom from 'react-dom';
// The whole of it, not the browser's narrowed part (tools/rspack/react-router.mjs): a server bundle
// downloads nothing, and a remote's server build finds every name it may import.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import * as ReactRouterDom from 'react-router-dom';
import * as StyledComponents from 'styled-components';
import * as ShopClient from '@shop/shop-client';
import * as ShopUi from '@shop/ui';

/** Each shared library's installed version, written in by the server build (rspack.config.mjs). */
declare const SHARED_VERSIONS: Record<string, string>;

const libraries: Record<string, object> = {
  react: React,
  'react-dom': ReactDom,
  'react-router-dom': ReactRouterDom,
  'styled-components': StyledComponents,
  '@shop/shop-client': ShopClient,
  '@shop/ui': ShopUi,
};

/** The names the server build shares (a test compares them with the browser build's SINGLETONS). */
export const SERVER_SHARED_NAMES = Object.keys(libraries);

/** The `shared` option of a Module Federation instance of the server renderer. */
export function serverShared() {
  return Object.fromEntries(
    Object.entries(libraries).map(([name, library]) => {
      const version = SHARED_VERSIONS[name];
      if (!version) throw new Error(`The server build names no version of ${name}`);
      return [name, { version, scope: 'default', lib: () => library, shareConfig: { singleton: true, requiredVersion: false as const, strictVersion: false } }];
    }),
  );
}
