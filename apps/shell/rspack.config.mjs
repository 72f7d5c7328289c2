/**
 * shell: the Module Federation host. It knows no remote address at build time: at start-up it reads
 * /mf/remotes.json (served by the gateway) and registers the remotes with the MF runtime
 * (src/remotes.ts). Shared singletons are provided here and negotiated with each remote on demand.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { cssVariables, theme } from '@shop/ui';
import { esmFederationRuntime, installedVersion, precompress, resolve, sharedSingletons, SINGLETONS, typescriptRule } from '../../rspack.preset.mjs';

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

/**
 * The shell's server renderer (src/server/, docs/ssr.md): a CommonJS module for Node.js the gateway
 * loads at run time, dist/server/render.cjs. It carries its own copies of the shared libraries (the
 * gateway's image needs no React) and provides them to the remotes' server builds, as the browser
 * build does on the page. Not minified: a server error's stack names the shell's own functions.
 */
function serverConfig(production) {
  return {
    name: 'shell-server',
    // After the browser build, whose clean step would otherwise race with this build's files.
    dependencies: ['shell'],
    context: here,
    target: 'node',
    entry: { render: './src/server/render.tsx' },
    output: {
      path: `${here}dist/server`,
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
      uniqueName: 'shell_server',
      clean: true,
    },
    resolve,
    module: { rules: [typescriptRule(production)] },
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      new rspack.DefinePlugin({ SHARED_VERSIONS: JSON.stringify(Object.fromEntries(SINGLETONS.map((name) => [name, installedVersion(name)]))) }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    devtool: false,
  };
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return [browserConfig(production), serverConfig(production)];
};

function browserConfig(production) {
  return {
    name: 'shell',
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
      clean: { keep: /^server/ },
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
      // index.html's own frame (the bar it paints before anything else) takes the tokens as CSS variables;
      // the shop's styles are styled-components' (the server's sheet on a rendered page, docs/ui.md).
      new rspack.HtmlRspackPlugin({
        template: './src/index.html',
        favicon: './src/favicon.svg',
        templateParameters: { tokenVariables: cssVariables(theme), firstPaintScript: readFileSync(new URL('./src/first-paint.js', import.meta.url), 'utf8').trim() },
      }),
      // The route table, read by the gateway to send each page's remote files with index.html.
      // The route table, and the starter of server-rendered pages (src/start-after-load.js, docs/ssr.md).
      new rspack.CopyRspackPlugin({
        patterns: [
          { from: './src/app/routes.json', to: 'routes.json' },
          { from: './src/start-after-load.js', to: 'start-after-load.js' },
        ],
      }),
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
}
