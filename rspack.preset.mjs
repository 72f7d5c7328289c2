/**
 * What every front end's rspack build shares, so the shell and the remotes agree by construction:
 * the singletons they negotiate at run time, and how TypeScript and React are compiled.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * One copy of each on the page. The shell provides them (eagerly, in its entry script); a remote's
 * own copies are fallbacks for its standalone page and never load in the shop.
 */
export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'styled-components', '@shop/shop-client', '@shop/ui'];
// styled-components: one style sheet, one theme and one class-name registry for the shell and every remote
// (docs/ui.md, "Styles"); two copies would each insert their own <style> and miss the server's.
// Not @tanstack/react-query: only @shop/shop-client uses it, and that is a singleton already, so one
// copy of the query cache is on the page and the build keeps of TanStack only what shop-client uses.
// Pages reach server state through shop-client's hooks, never through TanStack directly. The same holds
// for zustand: shop-client's session and cart store is built on it, and pages read it through its hooks.

/**
 * Shared under a package's name, but built from a file of ours that re-exports only what the apps use
 * (a shared module is never tree-shaken: see tools/rspack/react-router.mjs). The version is the
 * package's own, so requiredVersion ranges keep their meaning.
 */
const NARROWED = {
  'react-router-dom': { file: 'tools/rspack/react-router.mjs', versionOf: 'react-router-dom' },
};

export function installedVersion(name) {
  return JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
}

/**
 * The range of a shared library an app works with, from its package.json: an exact pin of a
 * third-party library ("19.3.1") means "built and tested against 19.3.1", which any later 19.x keeps
 * working with (semver), so `^19.3.1`; our own libraries declare their range ("^1.0.0") themselves.
 */
export function requiredRange(declared) {
  return /^\d+\.\d+\.\d+$/.test(declared) ? `^${declared}` : declared;
}

/**
 * The `shared` option of ModuleFederationPlugin: each library with the range the app's package.json
 * asks for. `strictVersion`: a remote built against a version range the page's copy does not satisfy
 * (a @shop/ui 2.x remote on a shell that provides 1.4) is refused by the runtime, and the shell shows
 * that remote's notice, instead of running it against a library it was not built for and breaking
 * somewhere inside. This is the contract between the shell and its remotes (docs/micro-frontends.md).
 *
 * `eager` is the host's (the shell's) configuration: it provides the page's copies and consumes only
 * those, so its own imports ask for no range (`requiredVersion: false`). A range there could only be
 * checked against the shell's own copy, and the runtime's semver parsing of every shared import at
 * start-up cost a phone's first render ~50 ms; the ranges that matter are the remotes'.
 */
export function sharedSingletons(dependencies, { eager = false } = {}) {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const narrowed = NARROWED[name];
      if (!dependencies[name]) throw new Error(`package.json does not name ${name}, a library every front end shares`);
      const config = { singleton: true, strictVersion: true, eager, requiredVersion: eager ? false : requiredRange(dependencies[name]) };
      if (narrowed) {
        Object.assign(config, { import: fileURLToPath(new URL(`./${narrowed.file}`, import.meta.url)), version: installedVersion(narrowed.versionOf) });
      }
      return [name, config];
    }),
  );
}

/**
 * The Module Federation runtime as ES modules. The plugin finds its runtime with require.resolve,
 * which picks the CommonJS files: those cannot be tree-shaken, so every page carried all of the
 * runtime, its Node.js loaders and manifest code included. Placed after ModuleFederationPlugin in
 * `plugins`, this points the same imports at the ES module build of the same files.
 */
const mfFile = (path) => fileURLToPath(new URL(`./node_modules/@module-federation/${path}`, import.meta.url));
export const esmFederationRuntime = {
  apply(compiler) {
    // afterPlugins: after the plugin has set its own aliases.
    compiler.hooks.afterPlugins.tap('EsmFederationRuntime', () => {
      compiler.options.resolve.alias = {
        ...compiler.options.resolve.alias,
        '@module-federation/runtime$': mfFile('runtime/dist/index.js'),
        '@module-federation/runtime': mfFile('runtime/dist/index.js'),
        '@module-federation/runtime-tools': mfFile('runtime-tools/dist/index.js'),
      };
    });
    // The runtime's entry module imports these two by absolute path.
    new compiler.webpack.NormalModuleReplacementPlugin(
      /@module-federation[\\/](webpack-bundler-runtime|inject-external-runtime-core-plugin)[\\/]dist[\\/]index\.cjs$/,
      (resource) => {
        resource.request = resource.request.replace(/\.cjs$/, '.js');
      },
    ).apply(compiler);
  },
};

/** The file in a remote's build that lists, for each exposed page, its scripts and first API calls (read by the gateway). */
const PAGE_FILES = 'page-files.json';
const EXPOSE_CHUNK_GROUP = /^__federation_expose_(.+)$/;
/** Where a remote names the API answers each of its pages asks for first, by route of the shell's table. */
const FIRST_CALLS = 'src/exposes/first-calls.json';

/**
 * The first API calls of each page, as the remote declares them in src/exposes/first-calls.json:
 * `{ "HomePage": { "/": ["/api/products/top", …], "/page/:pageNumber": ["/api/products?pageNumber=:pageNumber"] } }`
 * (route patterns of the shell's table; `:name` is the route's segment). The remote's own tests check
 * that its pages ask for exactly these addresses on their first render.
 */
function firstCallsOf(context, pages) {
  const path = `${context}/${FIRST_CALLS}`;
  if (!existsSync(path)) return {};
  const declared = JSON.parse(readFileSync(path, 'utf8'));
  for (const [page, routes] of Object.entries(declared)) {
    if (!pages.includes(page)) throw new Error(`${FIRST_CALLS} names ${page}, which this remote does not expose`);
    for (const [route, addresses] of Object.entries(routes)) {
      const bad = Array.isArray(addresses) ? addresses.find((address) => typeof address !== 'string' || !address.startsWith('/api/')) : addresses;
      if (!route.startsWith('/') || bad !== undefined) throw new Error(`${FIRST_CALLS}: ${page} ${route} must list addresses under /api/`);
    }
  }
  return declared;
}

/**
 * Writes page-files.json: for each page the remote exposes, every script of its chunk group and the API
 * answers it asks for first, so the gateway can preload them all with index.html.
 * - `files`: mf-manifest.json's `sync` list leaves out a chunk the page shares with a shared library's
 *   fallback (react/jsx-runtime and @shop/contracts end up in one), and the browser then found that chunk
 *   only once the MF runtime ran: one more round trip before the page could render.
 * - `data`: the remote's first-calls.json, so a page that starts asking for something new is preloaded
 *   from its own release, without a release of the shell or the gateway.
 */
export const pageFilesManifest = {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageFiles', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const page = EXPOSE_CHUNK_GROUP.exec(name)?.[1];
          if (page) files[page] = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
        }
        compilation.fileDependencies.add(`${compiler.context}/${FIRST_CALLS}`);
        const data = firstCallsOf(compiler.context, Object.keys(files));
        const pages = Object.fromEntries(Object.entries(files).map(([page, scripts]) => [page, { files: scripts, data: data[page] ?? {} }]));
        compilation.emitAsset(PAGE_FILES, new sources.RawSource(`${JSON.stringify(pages, null, 2)}\n`));
      });
    });
  },
};

/** Text files worth compressing: below 1 KB the headers outweigh the gain. */
const COMPRESSIBLE = /\.(js|json|html|css|svg)$/;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of a
 * production build, `main.3f2a9c1e.js.br` and `.gz`, which the gateway sends to browsers that accept
 * them. Compressing once at build time affords the slowest, smallest settings: brotli 11 is ~13 %
 * smaller than the on-the-fly brotli 4 or gzip 6 (measured on the shell's scripts), at no cost per
 * request. No library for it: compression-webpack-plugin would bring webpack itself along as its peer.
 */
export function precompress(rspack) {
  return [
    {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('Precompress', (compilation) => {
          compilation.hooks.processAssets.tapPromise(
            { name: 'Precompress', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
            async () => {
              const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
              for (const asset of compilation.getAssets()) {
                if (!COMPRESSIBLE.test(asset.name)) continue;
                const source = asset.source.buffer();
                if (source.length < 1024) continue;
                const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
                compilation.emitAsset(`${asset.name}.br`, new rspack.sources.RawSource(brotli));
                compilation.emitAsset(`${asset.name}.gz`, new rspack.sources.RawSource(gzipSync(source, { level: 9 })));
              }
            },
          );
        });
      },
    },
  ];
}

/** Sources import siblings as './thing.js' (the ESM rule); the file on disk is .ts or .tsx. */
export const resolve = {
  extensions: ['.ts', '.tsx', '.js'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

/**
 * styled-components' SWC plugin (docs/ui.md, "Styles"): every styled component gets a component id from
 * its file and position (`ssr`), so the server's and the browser's class names agree and the browser takes
 * the server's styles over; the CSS is minified at build time; `pure` lets the minifier drop styled
 * components nothing uses; readable class names (`displayName`) only in development. The plugin is Wasm
 * built against one swc_core: its version is pinned to the one rspack's builtin:swc-loader embeds
 * (STACK-NOTES; a mismatch fails the build, which CI runs).
 */
export function styledComponentsPlugin(production) {
  return [fileURLToPath(import.meta.resolve('@swc/plugin-styled-components')), { ssr: true, displayName: !production, fileName: !production, minify: true, pure: true, transpileTemplateLiterals: true }];
}

/** TypeScript and TSX through rspack's built-in SWC, React's automatic JSX runtime. */
export function typescriptRule(production) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        experimental: { plugins: [styledComponentsPlugin(production)] },
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * A remote's `exposes`: the pages and the parts the contract names for it (libs/contracts, REMOTE_PAGES
 * and REMOTE_PARTS), each from src/exposes/{kebab-case name}.tsx.
 */
export async function exposedPagesOf(name) {
  const { REMOTE_PAGES, REMOTE_PARTS } = await import('@shop/contracts');
  const pages = REMOTE_PAGES[name];
  if (!pages) throw new Error(`${name} is no remote of the contract (libs/contracts/src/remote-pages.ts)`);
  const kebab = (page) => page.replace(/[A-Z]/g, (letter, at) => `${at ? '-' : ''}${letter.toLowerCase()}`);
  return Object.fromEntries([...pages, ...(REMOTE_PARTS[name] ?? [])].map((module) => [`./${module}`, `./src/exposes/${kebab(module)}.tsx`]));
}

/**
 * The whole rspack configuration of a remote micro-frontend: two builds, for two audiences.
 * - The container, for the shell: dist/mf-manifest.json, dist/remoteEntry.js, the exposed pages and parts,
 *   page-files.json. publicPath 'auto' lets the gateway serve it under any prefix (/mf/{name}/{build}/ in
 *   the shop). In production it carries no Module Federation runtime of its own: it uses the shell's
 *   (`externalRuntime`; the shell sets `provideExternalRuntime`), one copy per page instead of one per
 *   remote (~34 KB gzip each).
 * - The standalone page, for the remote's own team (src/main.ts): a host of its own like the shell,
 *   dist/standalone/ (on the dev server under /standalone/, every other path falling back to its page).
 *
 * The modules it exposes are the pages and parts the contract names for it (libs/contracts, REMOTE_PAGES, REMOTE_PARTS).
 *
 * @param {{ name: string, here: string, dependencies: Record<string, string>, port: number }} remote
 */
export function remoteConfig({ name, here, dependencies, port, serverPages = [] }) {
  return async (_env, argv) => {
    const production = argv.mode === 'production';
    const { rspack } = await import('@rspack/core');
    const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
    // The pages of the contract, each from src/exposes/{kebab-case name}.tsx: HomePage, home-page.tsx.
    const exposes = await exposedPagesOf(name);
    // Where the standalone page is served: the root of dist/standalone in a production build; beside the
    // container's files on the dev server, under /standalone/, so their chunk names cannot collide.
    const standaloneBase = production ? '/' : '/standalone/';
    const container = {
      name,
      context: here,
      entry: {},
      output: {
        path: `${here}dist`,
        publicPath: 'auto',
        // Chunks are content-hashed and may be cached for good; mf-manifest.json and remoteEntry.js
        // keep fixed names (the shell finds them by name) and must be revalidated.
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        // A module whose evaluation threw (a shared library refused for its version) is not kept half
        // made: loaded again, it throws again, instead of handing out exports it never finished.
        strictModuleExceptionHandling: true,
        // The standalone build writes dist/standalone at the same time.
        clean: production ? { keep: /^(standalone|server)/ } : true,
      },
      resolve,
      module: { rules: [typescriptRule(production)] },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(dependencies),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          ...(production ? { experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } } } : {}),
        }),
        esmFederationRuntime,
        pageFilesManifest,
        ...(production ? precompress(rspack) : []),
      ],
      devServer: {
        port,
        // Every route of the remote's pages is its standalone page.
        historyApiFallback: { index: `${standaloneBase}index.html` },
        // The shell (another origin in development) fetches the manifest and chunks from here.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Running alone, the pages call the API (and show uploaded images) through the gateway, as in the
        // shop, and load the other remotes' parts (checkout's sign-in form) from the builds it serves.
        proxy: [{ context: ['/api', '/uploads', '/mf'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000' }],
      },
      // No source maps in production bundles: nothing for browsers to fetch, nothing of the sources published.
      devtool: production ? false : 'eval-cheap-module-source-map',
    };
    /**
     * The remote's pages alone, for its team (src/main.ts → libs/standalone): a host of its own, as the
     * shell is, which provides the shared libraries and the MF runtime, so the parts of other remotes it
     * renders (checkout's sign-in form on admin's page) load from the shop's current builds (/mf/remotes.json
     * of the gateway). A build of its own because a container that exposes modules cannot also be such a host.
     */
    const standalone = {
      name: `${name}-standalone`,
      // After the container, whose clean step would otherwise race with this build's files.
      dependencies: [name],
      context: here,
      entry: { main: './src/main.ts' },
      output: {
        path: `${here}dist/standalone`,
        publicPath: standaloneBase,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: `${name}-standalone`,
        clean: true,
      },
      resolve,
      module: { rules: [typescriptRule(production)] },
      plugins: [
        new ModuleFederationPlugin({
          name: `${name}_standalone`,
          remotes: {}, // registered at run time from /mf/remotes.json
          shared: sharedSingletons(dependencies, { eager: true }),
          shareStrategy: 'loaded-first',
          manifest: false,
          dts: false,
          experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        }),
        esmFederationRuntime,
        new rspack.HtmlRspackPlugin({ template: './src/index.html', chunks: ['main'], publicPath: standaloneBase }),
      ],
      devtool: production ? false : 'eval-cheap-module-source-map',
    };
    return serverPages.length > 0 ? [container, standalone, serverContainer({ name, here, dependencies, exposes, serverPages, production, ModuleFederationPlugin })] : [container, standalone];
  };
}

/**
 * A remote's server build (docs/ssr.md): the same pages as its browser container, compiled for Node.js
 * (`target: 'async-node'`, a CommonJS module whose chunks are read from its own folder), in
 * dist/server/ beside the browser build, so one build id names both and a release or rollback moves
 * both at once. It exposes only the pages the remote's team renders on the server (`serverPages`),
 * and shares the same singletons as the browser build: the shell's server renderer provides them.
 * Not minified: stack traces of a server error name the remote's own functions.
 */
function serverContainer({ name, here, dependencies, exposes, serverPages, production, ModuleFederationPlugin }) {
  const serverExposes = Object.fromEntries(serverPages.map((page) => {
    const key = `./${page}`;
    if (!exposes[key]) throw new Error(`serverPages names ${page}, which ${name} does not expose`);
    return [key, exposes[key]];
  }));
  return {
    name: `${name}-server`,
    dependencies: [name],
    context: here,
    target: 'async-node',
    entry: {},
    output: {
      path: `${here}dist/server`,
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: `${name}_server`,
      library: { type: 'commonjs-module' },
      strictModuleExceptionHandling: true,
      clean: true,
    },
    resolve,
    module: { rules: [typescriptRule(production)] },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: serverExposes,
        shared: sharedSingletons(dependencies),
        shareStrategy: 'loaded-first',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        // server/mf-manifest.json: its `exposes` tell the storefront server which pages to render here
        // (REMOTE_SERVER_MANIFEST); a page not among them is the browser's, never asked of this container.
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
    ],
    devtool: false,
  };
}
