/**
 * styled-components is the front ends' one styling system (docs/ui.md, "Styles"; docs/decisions.md,
 * "styled-components, made cheap"), proven here so that the hand-written static CSS system cannot come
 * back: every front end depends on styled-components, which is a Module Federation shared singleton and
 * compiled by its SWC plugin; nothing imports or defines the static system's parts (`css` strings,
 * `classed()`, `useStaticStyles`, `addStaticStyles`, `StaticStylesProvider`, the build-time `globalCss`),
 * and the lint refuses another CSS-in-JS library beside it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: workspace, overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });
const read = (path: string) => readFileSync(join(workspace, path), 'utf8');
const packageOf = (folder: string) => JSON.parse(read(`${folder}/package.json`)) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; exports?: Record<string, unknown> };

/** The front ends: the shell, the remotes and the libraries they render with. */
const FRONT_ENDS = ['apps/shell', 'apps/catalog-mf', 'apps/checkout-mf', 'apps/admin-mf', 'libs/ui'];

/** What the static CSS system was made of, as @shop/ui exported it. */
const STATIC_SYSTEM = ['css', 'cx', 'classed', 'useStaticStyles', 'addStaticStyles', 'StaticStylesProvider', 'StaticStylesCollection', 'globalCss', 'GLOBAL_STYLE_ID'];

/** The TypeScript files under `folder` (relative to the workspace), specs included. */
function sourcesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(join(workspace, dir))) return;
    for (const entry of readdirSync(join(workspace, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && !['node_modules', 'dist'].includes(entry.name)) walk(path);
      else if (entry.isFile() && /\.(tsx?|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(folder);
  return found;
}

const frontEndSources = [...FRONT_ENDS, 'libs/standalone', 'libs/shop-client'].flatMap((folder) => sourcesUnder(`${folder}/src`));

/** The import-rule errors the lint reports for `code` placed at `filePath` (relative to the workspace). */
async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${workspace}${filePath}` });
  return result.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('styled-components is the one styling system', () => {
  it.each(FRONT_ENDS)('%s depends on styled-components, pinned', (folder) => {
    expect(packageOf(folder).dependencies?.['styled-components']).toMatch(/^6\.\d+\.\d+$/);
  });

  it('the workspace pins the SWC plugin of styled-components', () => {
    expect(packageOf('.').devDependencies?.['@swc/plugin-styled-components']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is a Module Federation shared singleton, compiled by its SWC plugin with server ids, minified and pure', async () => {
    const preset = (await import(pathToFileURL(join(workspace, 'rspack.preset.mjs')).href)) as {
      SINGLETONS: string[];
      typescriptRule: (production: boolean) => { options: { jsc: { experimental?: { plugins?: Array<[string, Record<string, unknown>]> } } } };
    };
    expect(preset.SINGLETONS).toContain('styled-components');
    for (const production of [true, false]) {
      const plugins = preset.typescriptRule(production).options.jsc.experimental?.plugins ?? [];
      const plugin = plugins.find(([path]) => path.includes('plugin-styled-components'));
      expect(plugin?.[1]).toEqual(expect.objectContaining({ ssr: true, minify: true, pure: true, displayName: !production }));
    }
  });

  it("the shell's server build shares styled-components with the remotes' server builds", () => {
    expect(read('apps/shell/src/server/shared-modules.ts')).toMatch(/'styled-components': StyledComponents/);
    expect(read('apps/shell/src/server/render.tsx')).toMatch(/new ServerStyleSheet\(\)/);
  });

  it('ShopThemeProvider provides the theme through ThemeProvider and the global styles through createGlobalStyle', () => {
    expect(read('libs/ui/src/theme-provider.tsx')).toMatch(/<ThemeProvider theme=\{theme\}>/);
    expect(read('libs/ui/src/global-style.ts')).toMatch(/createGlobalStyle`/);
    expect(read('libs/ui/src/theme.ts')).toMatch(/interface DefaultTheme extends ShopTheme/);
  });
});

describe('no static CSS system', () => {
  it("@shop/ui exports none of the static system's parts, and has no build-time stylesheet", () => {
    const door = read('libs/ui/src/index.ts');
    for (const name of STATIC_SYSTEM) expect(door).not.toMatch(new RegExp(`\\b${name}\\b`));
    for (const file of ['css.ts', 'classed.tsx', 'static-styles.ts', 'global-css.ts']) expect(existsSync(join(workspace, 'libs/ui/src', file))).toBe(false);
    expect(Object.keys(packageOf('libs/ui').exports ?? {})).toEqual(['.']);
  });

  it('no front-end source imports a part of the static system or defines one', () => {
    const offenders = frontEndSources.filter((path) => {
      const source = read(path);
      const fromUi = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@shop\/ui'/g)].flatMap((match) => (match[1] as string).split(',').map((name) => name.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]!.trim()));
      return fromUi.some((name) => STATIC_SYSTEM.includes(name)) || /function (useStaticStyles|addStaticStyles|classed)\b/.test(source) || /StaticStylesProvider/.test(source);
    });
    expect(offenders).toEqual([]);
  });

  it("every *.styles.ts holds styled components, not CSS strings and class names", () => {
    const styles = frontEndSources.filter((path) => path.endsWith('.styles.ts'));
    expect(styles.length).toBeGreaterThan(0);
    for (const path of styles) expect([path, read(path)]).toEqual([path, expect.stringMatching(/from 'styled-components'/)]);
  });

  it.each([
    ['apps/catalog-mf/src/features/x.tsx', "import styled from '@emotion/styled';\nexport const a = styled;\n"],
    ['libs/ui/src/x.tsx', "import { css } from '@emotion/react';\nexport const a = css;\n"],
    ['apps/shell/src/app/x.tsx', "import { styled } from 'goober';\nexport const a = styled;\n"],
  ])('the lint refuses %s importing another CSS-in-JS library', async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([expect.stringContaining('styled-components is the one styling system')]);
  });

  it('the lint lets a front end import styled-components and the tokens', async () => {
    expect(await importErrors('apps/admin-mf/src/shared/x.tsx', "import { styled } from 'styled-components';\nimport { Button, media, theme } from '@shop/ui';\nexport const a = [styled, Button, media, theme];\n")).toEqual([]);
  });
});
