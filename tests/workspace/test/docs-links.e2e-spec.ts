/**
 * README.md and docs/ name only what exists (issue 43). remark-validate-links, run offline by remark's
 * command line, checks every link and image to a file of the repository and every link to a heading
 * (`file.md#a-heading`, `#a-heading`); a path written as code (`services/orders/src/…`) must exist too;
 * and a link that leaves the repository goes to public documentation only, never to a machine's address.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remark } from 'remark';
import { visit } from 'unist-util-visit';

const workspace = fileURLToPath(new URL('../../..', import.meta.url));
const remarkCli = join(workspace, 'node_modules/.bin/remark');

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(workspace, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** remark with remark-validate-links over `files` in `cwd`, offline (no Git host to ask): exit code and report. */
function validateLinks(cwd: string, files: string[]): { code: number | null; report: string } {
  const run = spawnSync(remarkCli, ['--no-config', '--no-ignore', '--use', 'remark-validate-links=repository:false', '--frail', '--quiet', '--no-stdout', '--no-color', ...files], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, report: `${run.stdout}${run.stderr}` };
}

/** Hosts of public documentation a page may link to; anything else outside the repository is refused. */
const PUBLIC_DOCUMENTATION = new Set([
  'developer.paypal.com',
  'docs.nestjs.com',
  'docs.nats.io',
  'module-federation.io',
  'rspack.rs',
  'typeorm.io',
  'react.dev',
  'reactrouter.com',
  'styled-components.com',
  'opentelemetry.io',
  'prometheus.io',
  'grafana.com',
  'kubernetes.io',
  'docs.podman.io',
  'www.w3.org',
  'developer.mozilla.org',
  'datatracker.ietf.org',
  'www.rfc-editor.org',
  'spec.openapis.org',
  'www.asyncapi.com',
  'nodejs.org',
  'www.postgresql.org',
]);

/** Top folders of the repository: a code span starting with one of them is a path, and must exist. */
const TOP_FOLDERS = ['apps', 'libs', 'services', 'tools', 'tests', 'bench', 'deploy', 'docs', '.ci'];

interface Found {
  file: string;
  links: string[];
  paths: string[];
}

/** The links, images and definitions of a Markdown file, and the repository paths its code spans name. */
function linksAndPaths(file: string): Found {
  const tree = remark().parse(readFileSync(join(workspace, file), 'utf8'));
  const links: string[] = [];
  const paths: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') links.push(node.url);
    if (node.type === 'inlineCode') {
      const path = node.value.trim();
      // A path, not a pattern, a placeholder or a build's output (`services/<service>/dist/main.js`).
      if (!TOP_FOLDERS.some((top) => path.startsWith(`${top}/`))) return;
      if (/[\s<>{}*…]|\.\.\.|\/dist(\/|$)|:\d/.test(path)) return;
      paths.push(path.replace(/[#:].*$/, '').replace(/\/$/, ''));
    }
  });
  return { file, links, paths };
}

describe('README.md and docs/', () => {
  const files = documents();
  const found = files.map(linksAndPaths);

  it('link only to files and headings that exist (remark-validate-links, offline)', () => {
    const { code, report } = validateLinks(workspace, files);
    expect({ code, report: report.trim() }).toEqual({ code: 0, report: '' });
    const links = found.reduce((sum, { links: each }) => sum + each.length, 0);
    const local = found.reduce((sum, { links: each }) => sum + each.filter((url) => !/^[a-z]+:/i.test(url)).length, 0);
    process.stdout.write(`docs links: ${links} links and images in ${files.length} files checked by remark-validate-links (${local} within the repository)\n`);
  }, 90_000);

  it('name in code only paths of the repository that exist', () => {
    // A folder git ignores is something a run makes (tests/e2e/screenshots/): named, not kept.
    const made = (path: string) => [path, `${path}/`].some((asked) => spawnSync('git', ['check-ignore', '-q', asked], { cwd: workspace }).status === 0);
    const missing = found.flatMap(({ file, paths }) => paths.filter((path) => !existsSync(join(workspace, path)) && !made(path)).map((path) => `${file}: ${path}`));
    expect(missing).toEqual([]);
    process.stdout.write(`docs paths: ${found.reduce((sum, { paths }) => sum + paths.length, 0)} paths written as code checked\n`);
  });

  it('leave the repository only for public documentation', () => {
    const outside = found.flatMap(({ file, links }) =>
      links
        .filter((url) => /^[a-z]+:/i.test(url))
        .filter((url) => {
          if (url.startsWith('mailto:')) return true;
          const { protocol, hostname } = new URL(url);
          return protocol !== 'https:' || !PUBLIC_DOCUMENTATION.has(hostname);
        })
        .map((url) => `${file}: ${url}`),
    );
    expect(outside).toEqual([]);
  });

  it('fail the check on a missing file and a missing heading', () => {
    // Inside the workspace (its tmp/ is ignored), where remark finds its plugin.
    mkdirSync(join(workspace, 'tmp'), { recursive: true });
    const scratch = mkdtempSync(join(workspace, 'tmp', 'docs-links-'));
    try {
      writeFileSync(join(scratch, 'a.md'), '# A\n\n## Here\n\n[there](b.md#nowhere) · [gone](gone.md) · [here](#here) · [not here](#elsewhere)\n');
      writeFileSync(join(scratch, 'b.md'), '# B\n\n[back](a.md#here)\n');
      const { code, report } = validateLinks(scratch, ['a.md', 'b.md']);
      expect(code).not.toBe(0);
      expect(report).toContain('gone.md');
      expect(report).toContain('nowhere');
      expect(report).toContain('elsewhere');
      expect(report).not.toContain('back');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
