/**
 * shell: the Module Federation host. It knows no remote address at build time: at start-up it reads
 * /mf/remotes.json (served by the gateway) and registers the remotes with the MF runtime
 * (src/remotes.ts). Shared singletons are provided here and negotiated with each remote on demand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { GLOBAL_STYLE_ID, globalCss } from '@shop/ui/global-css';
import { esmFederationRuntime, precompress, resolve, sharedSingletons, typescriptRule } from '../../rspack.preset.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * One copy of each on the page, and the shell provides them: eager, so they are in the entry chunk
 * with the shell's own code. The page then needs one script of the shell's instead of a dozen
 * chunks found one after another, and no async boundary before React. The remotes' copies stay
 * lazy fallbacks they never load in the shop.
 */
const shared = sharedSingletons(dependencies, { eager: true });

/**
 * The entry as three scripts instead of one: react-dom, the other libraries, and the shell with the
 * MF runtime. index.html names all three (`defer`, in this order) and the browser downloads them at
 * once, but compiles and runs each in a task of its own. One 466 KB script was the longest task of a
 * first visit (~16 ms on this machine, and Lighthouse multiplies it by four): compiling it and
 * starting the MF runtime in one go. Only what the entry itself needs is split (`chunks: 'initial'`);
 * the modules stay eager shared modules of the entry, so nothing else changes.
 */
const entryScripts = {
  chunks: 'initial',
  cacheGroups: {
    default: false,
    defaultVendors: false,
    reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, name: 'react-dom', enforce: true, priority: 20 },
    libraries: { test: /[\\/]node_modules[\\/]/, name: 'libraries', enforce: true, priority: 10 },
  },
};

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    context: here,
    entry: { main: './src/main.ts' },
    output: {
      path: `${here}dist`,
      // The shell is served from the site root, and its routes are deep (/search/x/page/2).
      publicPath: '/',
      // Content-hashed names: everything but index.html may be cached for good.
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'shell',
      clean: true,
    },
    resolve,
    module: {
      rules: [typescriptRule(production)],
    },
    optimization: { splitChunks: entryScripts },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {}, // registered at run time from /mf/remotes.json
        shared,
        // Fetch a remote's entry only when one of its modules is first needed, not all at start-up.
        shareStrategy: 'loaded-first',
        manifest: false, // the shell is a host only: nothing loads it as a remote
        dts: false,
        // The page's one copy of the MF runtime: production remotes use it instead of their own (rspack.preset.mjs).
        // Remotes are registered by the address of their remoteEntry.js, never by manifest, so the
        // runtime's manifest (snapshot) code and its Node.js loaders are left out of the page.
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      esmFederationRuntime,
      // index.html carries the global styles (tokens as CSS variables, base font, focus ring) as plain
      // CSS, so no script generates them on the page (libs/ui/src/global-css.ts).
      new rspack.HtmlRspackPlugin({
        template: './src/index.html',
        favicon: './src/favicon.svg',
        templateParameters: { globalStyleId: GLOBAL_STYLE_ID, globalCss: globalCss() },
      }),
      // The route table, read by the gateway to send each page's remote files with index.html.
      new rspack.CopyRspackPlugin({ patterns: [{ from: './src/app/routes.json', to: 'routes.json' }] }),
      ...precompress(rspack),
    ],
    devServer: {
      port: 3010,
      historyApiFallback: true,
      // In development the gateway serves /mf/* and /api/*; the shell's dev server hands them over.
      proxy: [{ context: ['/mf', '/api', '/uploads'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000' }],
    },
    // No source maps in production bundles: nothing for browsers to fetch, nothing of the sources published.
    devtool: production ? false : 'eval-cheap-module-source-map',
  };
};
