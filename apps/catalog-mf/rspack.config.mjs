/**
 * catalog-mf: the `catalog` remote. One build serves two audiences:
 * - the shell, through dist/mf-manifest.json and dist/remoteEntry.js (exposed route-level pages);
 * - the catalog team, through dist/index.html (src/main.ts), which renders the pages alone.
 * publicPath 'auto' lets the gateway serve the build under any prefix (/mf/catalog/ in the shop).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { resolve, sharedSingletons, typescriptRule } from '../../rspack.preset.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/** The page modules this remote exposes; the shell's route table names them (docs/micro-frontends.md). */
const exposes = {
  './HomePage': './src/exposes/home-page.tsx',
  './ProductPage': './src/exposes/product-page.tsx',
};

const shared = sharedSingletons(dependencies);

export default (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    context: here,
    entry: { main: './src/main.ts' },
    output: {
      path: `${here}dist`,
      publicPath: 'auto',
      // Chunks are content-hashed and may be cached for good; mf-manifest.json and remoteEntry.js
      // keep fixed names (the shell finds them by name) and must be revalidated.
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'catalog',
      clean: true,
    },
    resolve,
    module: {
      rules: [typescriptRule(production)],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'catalog',
        filename: 'remoteEntry.js',
        exposes,
        shared,
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      // The standalone page is served from its own root and has deep routes (/search/x/page/2):
      // its script address must be absolute. The shell never uses this page.
      new rspack.HtmlRspackPlugin({ template: './src/index.html', chunks: ['main'], publicPath: '/' }),
    ],
    devServer: {
      port: 3011,
      historyApiFallback: true,
      // The shell (another origin in development) fetches the manifest and chunks from here.
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Running alone, the pages call the API (and show product images) through the gateway, as in the shop.
      proxy: [{ context: ['/api', '/uploads'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000' }],
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
  };
};
