/**
 * What every front end's rspack build shares, so the shell and the remotes agree by construction:
 * the singletons they negotiate at run time, and how TypeScript and React are compiled.
 */

/**
 * One copy of each on the page, whoever loads first provides it. None is eager: each app's
 * src/main.ts reaches React only through import('./bootstrap.js'), the async boundary sharing needs.
 */
export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'styled-components', '@tanstack/react-query', '@shop/shop-client', '@shop/ui'];

/** The `shared` option of ModuleFederationPlugin, with the versions an app's package.json asks for. */
export function sharedSingletons(dependencies) {
  return Object.fromEntries(SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: dependencies[name] }]));
}

/** Sources import siblings as './thing.js' (the ESM rule); the file on disk is .ts or .tsx. */
export const resolve = {
  extensions: ['.ts', '.tsx', '.js'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};

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
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * The whole rspack configuration of a remote micro-frontend. Its build serves two audiences:
 * - the shell, through dist/mf-manifest.json and dist/remoteEntry.js (the exposed route-level pages);
 * - the remote's own team, through a page that renders its pages alone (src/main.ts): the dev server's
 *   root, and in a production build dist/standalone/index.html.
 * publicPath 'auto' lets the gateway serve the build under any prefix (/mf/{name}/ in the shop).
 *
 * In production the container carries no Module Federation runtime of its own: it uses the shell's
 * (`externalRuntime`; the shell sets `provideExternalRuntime`), one copy per page instead of one per
 * remote (~34 KB gzip each). The standalone page, which has no shell, is then a build of its own.
 *
 * @param {{ name: string, here: string, dependencies: Record<string, string>, exposes: Record<string, string>, port: number }} remote
 */
export function remoteConfig({ name, here, dependencies, exposes, port }) {
  return async (_env, argv) => {
    const production = argv.mode === 'production';
    const { rspack } = await import('@rspack/core');
    const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
    // The standalone page: its script address must be absolute (it has deep routes); the shell never uses it.
    const standalonePage = () => new rspack.HtmlRspackPlugin({ template: './src/index.html', chunks: ['main'], publicPath: '/' });
    const container = {
      name,
      context: here,
      // In development the dev server's page is the standalone one, in the same build.
      entry: production ? {} : { main: './src/main.ts' },
      output: {
        path: `${here}dist`,
        publicPath: 'auto',
        // Chunks are content-hashed and may be cached for good; mf-manifest.json and remoteEntry.js
        // keep fixed names (the shell finds them by name) and must be revalidated.
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        // The standalone build writes dist/standalone at the same time.
        clean: production ? { keep: /^standalone/ } : true,
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
          ...(production ? { experiments: { externalRuntime: true } } : {}),
        }),
        ...(production ? [] : [standalonePage()]),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        // The shell (another origin in development) fetches the manifest and chunks from here.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Running alone, the pages call the API (and show uploaded images) through the gateway, as in the shop.
        proxy: [{ context: ['/api', '/uploads'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000' }],
      },
      // No source maps in production bundles: nothing for browsers to fetch, nothing of the sources published.
      devtool: production ? false : 'eval-cheap-module-source-map',
    };
    if (!production) return container;
    const standalone = {
      name: `${name}-standalone`,
      // After the container, whose clean step would otherwise race with this build's files.
      dependencies: [name],
      context: here,
      entry: { main: './src/main.ts' },
      output: {
        path: `${here}dist/standalone`,
        publicPath: '/',
        filename: '[name].[contenthash:8].js',
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: `${name}-standalone`,
        clean: true,
      },
      resolve,
      module: { rules: [typescriptRule(production)] },
      plugins: [standalonePage()],
      devtool: false,
    };
    return [container, standalone];
  };
}
