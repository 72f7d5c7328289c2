import { resolve } from 'node:path';
import { z } from 'zod';
import { matchRoutePattern, namesImpossibleId, routeDataOf } from '@shop/contracts';
import { FileCache } from './file-cache.js';
import { decodedPathSegment } from './path-segment.js';
import { REMOTES_PATH, type RemoteLocation } from './remote-builds.js';

/** The id of the element in which the shell looks for the remotes (apps/shell/src/remote-manifest.ts). */
const INLINE_MANIFEST_ID = 'shop-remotes';

/**
 * The shell's route table (apps/shell/src/app/routes.json, copied into its build): which remote's page
 * renders at a path. What that page needs comes from the remote's own build (page-files.json).
 */
const routeTable = z.array(z.object({ path: z.string(), remote: z.string(), module: z.string() }));
type ShellRoute = z.infer<typeof routeTable>[number];

/** What a remote's mf-manifest.json says of the files of each module it exposes. */
const remoteManifest = z.object({
  exposes: z.array(z.object({ name: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) })),
});

/**
 * What each exposed page needs, as the shop's remote builds list it (page-files.json, written by
 * rspack.preset.mjs): every script (mf-manifest.json's list leaves out a chunk a page shares with a
 * shared library's fallback) and, by route of the shell's table, the API answers it asks for first
 * (the remote's src/exposes/first-calls.json). An older build lists scripts only; a build without the
 * file (another team's) falls back on the manifest and preloads no data.
 */
const pageNeeds = z.union([
  z.array(z.string()).transform((files) => ({ files, data: {} as Record<string, string[]> })),
  z.object({ files: z.array(z.string()), data: z.record(z.string(), z.array(z.string())).default({}) }),
]);
const pageFiles = z.record(z.string(), pageNeeds);
type PageNeeds = z.infer<typeof pageNeeds>;

/** JSON for inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A preload hint for one of the page's first API answers, as fetch() will ask for it (CORS mode, same-origin credentials), so the browser reuses the answer. */
const dataHint = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(href)}">`;

/** `head` just before `</head>`, inserted as it is (never as a replacement string, whose `$` patterns would expand). */
function withHead(html: string, head: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? `${head}${html}` : `${html.slice(0, at)}${head}${html.slice(at)}`;
}

/** A segment decoded, or as it is when it is no valid percent-encoding. */
const segmentValue = (segment: string) => decodedPathSegment(segment) ?? segment;

/** A route's API addresses with the path's segments filled in percent-encoded, whatever they hold (only under `/api/`). */
function encodedDataOf(templates: readonly string[], params: Record<string, string>): string[] {
  return templates
    .map((template) => template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(segmentValue(Object.hasOwn(params, name) ? (params[name] ?? '') : ''))))
    .filter((address) => address.startsWith('/api/'));
}

/** index.html for a browser route, and the page's first API answers by address. */
export interface PageParts {
  html: string;
  firstCalls: string[];
  /**
   * The path names what cannot exist: a segment its page's first call needs (a product's id) that no id
   * can be (`/product/%22%3E%3Cb%3Ex`). Such a page answers 404, as one whose product is not found does,
   * rather than 200 with a page search engines take for a soft 404.
   */
  impossible?: boolean;
  /** The pattern of the shell's route this page is (`/product/:id`); none for an address no route takes. */
  route?: string;
}

/** A route of the table and the values of its `:name` segments. */
interface RouteMatch {
  route: ShellRoute;
  params: Record<string, string>;
}

/** The route of the shell's table that renders at `pathname`, and its segments' values. */
function routeFor(routes: ShellRoute[], pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    const params = matchRoutePattern(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

/**
 * The shell's index.html as the storefront server sends it: with the remotes' current addresses written in
 * (the shell need not ask for them), and preload hints for the files of the page's remote (its
 * remoteEntry.js and the chunks of the module the route renders) and for the API answers the page
 * asks for first (as the remote's build names them for the route). So the browser fetches the shell, the page's remote
 * files and its data at once, instead of one after another as each script finds the next.
 */
export class IndexPage {
  private readonly template = new FileCache((text) => text);
  private readonly routes = new FileCache((text) => routeTable.parse(JSON.parse(text)));
  private readonly manifests = new FileCache((text) => remoteManifest.parse(JSON.parse(text)));
  private readonly pageFiles = new FileCache((text) => pageFiles.parse(JSON.parse(text)));

  constructor(private readonly shellDir: string) {}

  /** The page as the browser renders it, from its parts: its first answers as preload hints, and `head` (the shopper's credential). */
  static forTheBrowser(parts: PageParts, head = ''): string {
    // An impossible page's calls are the server's (encoded as the browser would not): no hints for them.
    return withHead(parts.html, head + (parts.impossible ? '' : parts.firstCalls.map(dataHint).join('')));
  }

  /**
   * The page's parts, for the server render (docs/ssr.md): index.html with the remotes' addresses and the
   * page's script hints written in, and apart from it the page's first API answers, which the server reads
   * itself (and hints to the browser only when it leaves the page to the browser).
   */
  parts(pathname: string, remotes: RemoteLocation[]): PageParts | undefined {
    const html = this.template.read(resolve(this.shellDir, 'index.html'));
    if (html === undefined) return undefined;
    const entries = Object.fromEntries(remotes.map((remote) => [remote.name, remote.entry]));
    const match = routeFor(this.routes.read(resolve(this.shellDir, 'routes.json')) ?? [], pathname);
    const remote = match && remotes.find((candidate) => candidate.name === match.route.remote);
    const needs = match && remote ? this.needsOf(remote, match.route) : undefined;
    const head = [
      `<script type="application/json" id="${INLINE_MANIFEST_ID}">${scriptJson(entries)}</script>`,
      ...(remote ? [remote.entry, ...(needs?.files ?? [])] : []).map((href) => `<link rel="preload" as="script" href="${attribute(href)}">`),
    ].join('');
    const templates = match && needs ? (needs.data[match.route.path] ?? []) : [];
    const firstCalls = match ? routeDataOf(templates, match.params) : [];
    const route = match?.route.path;
    if (!match || !namesImpossibleId(templates, match.params)) return { html: withHead(html, head), firstCalls, route };
    // The page asks the API with the segments as they are (encoded): it answers 400 or 404, and the page
    // is rendered as the one of a product that does not exist.
    return { html: withHead(html, head), firstCalls: encodedDataOf(templates, match.params), impossible: true, route };
  }

  /**
   * What the route's page needs from its remote's current build: its scripts (addresses, in the order it
   * needs them) and its first API calls by route. Nothing for a remote served from elsewhere (a CDN).
   */
  private needsOf(remote: RemoteLocation, route: ShellRoute): PageNeeds | undefined {
    if (!remote.build) return undefined;
    const base = `${REMOTES_PATH}/${remote.name}/${remote.build.id}/`;
    const listed = this.pageFiles.read(resolve(remote.build.dir, 'page-files.json'))?.[route.module];
    const exposed = listed ? undefined : this.manifests.read(resolve(remote.build.dir, 'mf-manifest.json'))?.exposes.find((expose) => expose.name === route.module);
    const { files, data } = listed ?? { files: exposed?.assets.js.sync ?? [], data: {} };
    return { files: files.map((file) => `${base}${file}`), data };
  }
}
