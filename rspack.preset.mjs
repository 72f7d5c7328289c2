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
 * The whole rspack configuration of a remote micro-frontend. One build serves two audiences:
 * - the shell, through dist/mf-manifest.json and dist/remoteEntry.js (the exposed route-level pages);
 * - the remote's own team, through dist/index.html (src/main.ts), which renders its pages alone.
 * publicPath 'auto' lets the gateway serve the build under any prefix (/mf/{name}/ in the shop).
 *
 * @param {{ name: string, here: string, dependencies: Record<string, string>, exposes: Record<string, string>, port: number }} remote
 */
export function remoteConfig({ name, here, dependencies, exposes, port }) {
  return async (_env, argv) => {
    const production = argv.mode === 'production';
    const { rspack } = await import('@rspack/core');
    const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
    return {
      context: here,
      entry: { main: './src/main.ts' },
      output: {
        path: `${here}dist`,
        publicPath: 'auto',
        // Chunks are content-hashed and may be cached for good; mf-manifest.json and remoteEntry.js
        // keep fixed names (the shell finds them by name) and must be revalidated.
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
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
        }),
        // The standalone page is served from its own root and has deep routes: its script address
        // must be absolute. The shell never uses this page.
        new rspack.HtmlRspackPlugin({ template: './src/index.html', chunks: ['main'], publicPath: '/' }),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        // The shell (another origin in development) fetches the manifest and chunks from here.
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Running alone, the pages call the API (and show uploaded images) through the gateway, as in the shop.
        proxy: [{ context: ['/api', '/uploads'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000' }],
      },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    };
  };
}
