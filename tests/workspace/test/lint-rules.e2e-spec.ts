/**
 * The bug-catching rules of eslint.config.js, proven: each snippet below holds a known bug and must fail
 * the lint with the rule that owns it, so the rules cannot quietly decay (a rule dropped, a glob that no
 * longer matches, type information lost). Every snippet is linted as a file at a made-up path, as the
 * boundaries spec does, so nothing is written into the projects. The type-aware snippets get a program of
 * their own, built here with the lint's compiler options (tsconfig.eslint.json): a snippet's types then
 * come from its own text and the standard library, whatever the whole workspace's program holds.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);
const eslint = new ESLint({ cwd: workspace });
/** Made-up files beside this one, where the type-aware snippets are linted: a module, and a spec. */
const moduleSnippet = `${dirname(thisFile)}/lint-snippet.ts`;
const specSnippet = `${dirname(thisFile)}/lint-snippet.e2e-spec.ts`;
/** For made-up files, which no tsconfig holds: the rules that need no types. */
const untyped = new ESLint({ cwd: workspace, overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked } });

/** The rules that fail `code` linted as the file at `filePath` (absolute). */
async function failingRules(linter: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath });
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`the snippet does not parse: ${fatal.map((message) => message.message).join('; ')}`);
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? '');
}

/**
 * The lint with its type-aware rules, over a program that holds `code` as `snippetFile` and nothing else
 * of the workspace. The program must find the standard library: without it `Promise` is an error type,
 * and the promise rules would silently pass everything.
 */
function typedLinter(snippetFile: string, code: string): ESLint {
  const configPath = `${workspace}tsconfig.eslint.json`;
  const { config } = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, workspace, { types: ['node'] }, configPath);
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => (path === snippetFile ? code : readFile(path));
  host.fileExists = (path) => path === snippetFile || fileExists(path);
  host.getSourceFile = (path, languageVersion, ...rest) =>
    path === snippetFile ? ts.createSourceFile(path, code, languageVersion, true) : getSourceFile(path, languageVersion, ...rest);
  const program = ts.createProgram({ rootNames: [snippetFile], options, host });
  const errors = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  if (errors.length > 0) {
    throw new Error(`the snippet's program is broken: ${errors.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).join('; ')}`);
  }
  return new ESLint({
    cwd: workspace,
    overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { project: null, programs: [program] } } },
  });
}

/** The rules that fail `code`, linted with types as the made-up `snippetFile`. */
async function failingTypedRules(code: string, snippetFile = moduleSnippet): Promise<string[]> {
  return failingRules(typedLinter(snippetFile, code), snippetFile, code);
}

const work = `async function work(n: number): Promise<number> {\n  return n;\n}\n`;

describe('type-aware rules fail the lint on the bugs they own', () => {
  it.each([
    ['a floating promise', `${work}export function run(): void {\n  work(1);\n}\n`, '@typescript-eslint/no-floating-promises'],
    [
      'a promise dropped by .then without a rejection handler',
      `${work}export function run(): void {\n  work(1).then((n) => n + 1);\n}\n`,
      '@typescript-eslint/no-floating-promises',
    ],
    [
      'an async callback where a void one is expected',
      `${work}export function run(items: number[]): void {\n  items.forEach(async (n) => {\n    await work(n);\n  });\n}\n`,
      '@typescript-eslint/no-misused-promises',
    ],
    [
      'an async listener given to an emitter',
      `import { EventEmitter } from 'node:events';\n${work}export function listen(emitter: EventEmitter): void {\n  emitter.on('tick', async () => {\n    await work(1);\n  });\n}\n`,
      '@typescript-eslint/no-misused-promises',
    ],
    ['a promise as a condition', `${work}export function run(): number {\n  return work(1) ? 1 : 0;\n}\n`, '@typescript-eslint/no-misused-promises'],
    ['an await of a value that is no promise', `export async function run(n: number): Promise<number> {\n  return await n;\n}\n`, '@typescript-eslint/await-thenable'],
  ])('%s', async (_bug, code, rule) => {
    expect(await failingTypedRules(code)).toContain(rule);
  });

  it('lets a deliberate fire-and-forget through when it says so with `void`', async () => {
    expect(await failingTypedRules(`${work}export function run(): void {\n  void work(1);\n}\n`)).toEqual([]);
  });
});

describe('React rules fail the lint in the front ends', () => {
  const page = `${workspace}apps/catalog-mf/src/features/home/x.tsx`;
  const imports = `import { useEffect, useState } from 'react';\n`;

  it.each([
    [
      'a hook called conditionally',
      `${imports}export function Counter({ shown }: { shown: boolean }) {\n  if (!shown) return null;\n  const [count] = useState(0);\n  return <p>{count}</p>;\n}\n`,
      'react-hooks/rules-of-hooks',
    ],
    [
      'a hook called in a loop',
      `${imports}export function Counters({ n }: { n: number }) {\n  const counts = [];\n  for (let i = 0; i < n; i++) counts.push(useState(i)[0]);\n  return <p>{counts.join()}</p>;\n}\n`,
      'react-hooks/rules-of-hooks',
    ],
    [
      "an effect that misses a dependency (it would keep the first render's value)",
      `${imports}export function Title({ title }: { title: string }) {\n  useEffect(() => {\n    document.title = title;\n  }, []);\n  return null;\n}\n`,
      'react-hooks/exhaustive-deps',
    ],
    [
      'a state set while rendering (a render loop)',
      `${imports}export function Loop() {\n  const [count, setCount] = useState(0);\n  setCount(count + 1);\n  return <p>{count}</p>;\n}\n`,
      'react-hooks/set-state-in-render',
    ],
    [
      'a component created while rendering (its state reset on every render)',
      `export function Outer() {\n  function Inner() {\n    return <p>inner</p>;\n  }\n  return <Inner />;\n}\n`,
      'react-hooks/static-components',
    ],
  ])('%s', async (_bug, code, rule) => {
    expect(await failingRules(untyped, page, code)).toContain(rule);
  });
});

// The `it.only`, `describe.only` and `describe.skip` below are the text of snippets the lint must reject,
// linted as made-up spec files: never tests of this suite.
describe('test rules fail the lint in the specs', () => {
  const spec = (body: string) => `import { describe, expect, it } from '@jest/globals';\n\n${body}\n`;

  it.each([
    ['a focused test', spec(`it.only('adds', () => {\n  expect(1 + 1).toBe(2);\n});`), 'jest/no-focused-tests'],
    ['a focused suite', spec(`describe.only('sums', () => {\n  it('adds', () => {\n    expect(1 + 1).toBe(2);\n  });\n});`), 'jest/no-focused-tests'],
    ['a skipped suite', spec(`describe.skip('sums', () => {\n  it('adds', () => {\n    expect(1 + 1).toBe(2);\n  });\n});`), 'jest/no-disabled-tests'],
    ['a skipped test', spec(`it.skip('adds', () => {\n  expect(1 + 1).toBe(2);\n});`), 'jest/no-disabled-tests'],
    ['an expect without a matcher', spec(`it('adds', () => {\n  expect(1 + 1);\n});`), 'jest/valid-expect'],
  ])('%s', async (_bug, code, rule) => {
    expect(await failingTypedRules(code, specSnippet)).toContain(rule);
  });

  it.each([['services/orders/src/x.spec.ts'], ['apps/shell/src/x.spec.tsx'], ['services/orders/test/x.e2e-spec.ts']])('also in %s', async (path) => {
    const code = spec(`it.only('adds', () => {\n  expect(1 + 1).toBe(2);\n});`);
    expect(await failingRules(untyped, `${workspace}${path}`, code)).toContain('jest/no-focused-tests');
  });
});

describe('.mjs files are linted', () => {
  it.each([
    ['tools/scripts/x.mjs', `const answer = 1;\nanswer = 2;\nexport default answer;\n`, 'no-const-assign'],
    ['apps/shell/rspack.config.mjs', `export default { mode: modeOf(process.env) };\n`, 'no-undef'],
  ])('%s', async (path, code, rule) => {
    expect(await failingRules(eslint, `${workspace}${path}`, code)).toContain(rule);
  });
});
