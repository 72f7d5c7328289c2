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
