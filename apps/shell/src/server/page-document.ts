/**
 * The HTML around a server-rendered page: the shell's index.html (with the gateway's additions) cut at
 * its root element, the page's own `<head>` (title, description, canonical address, Open Graph,
 * structured data, the stylesheets its render used) and, after the root, what the browser needs to
 * hydrate it. Everything written here from data is escaped for where it goes.
 */
import { SERVER_RENDER_STATE_ID, type PageHead, type ServerRenderState } from '@shop/contracts';

/** The shop's name, appended to every page's title (as usePageTitle does in the browser). */
const SHOP_NAME = 'ProShop';

const ROOT_START = '<div id="root">';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export interface PageDocument {
  /** Everything before the page's HTML: the head, the body's start and the root element's start tag. */
  start: string;
  /** Everything after the page's HTML: the root's end tag, the hydration state, the rest of the template. */
  end(state: ServerRenderState): string;
}

export interface DocumentParts {
  template: string;
  origin: string;
  /** The request's path (the canonical address unless the page names its own). */
  pathname: string;
  head: PageHead;
  /** styled-components' `<style data-styled>` elements of the render (ServerStyleSheet.getStyleTags()). */
  styledTags?: string;
  /** Preload hints for the page's first answers, when the browser fetches them itself (its slot is the browser's). */
  dataPreloads: readonly string[];
  /**
   * When the starter fetches and runs the page's scripts: after `load` when the page is whole without a
   * script (its slot was rendered here), so its images come first; after its first paint when the
   * browser renders the slot (the cart), so the page's own first paint (its heading) comes before any
   * script, and its content does not wait for `load` (docs/ssr.md, "Pages the server cannot fill").
   */
  startAfter: 'load' | 'paint';
}

/** The file that starts the shell on a server-rendered page once it has loaded or painted (src/start-after-load.js). */
export const STARTER = '/start-after-load.js';
/** The element in which the starter finds the scripts to run and the remote files to preload. */
export const SCRIPTS_ID = 'shop-scripts';

const SCRIPT_TAG = /<script defer src="([^"]+)"><\/script>/g;
const SCRIPT_HINT = /<link rel="preload" as="script" href="([^"]+)">/g;

/**
 * The template's head with its scripts (the shell's `defer` scripts, the hints for the page's remote
 * files) replaced by the starter and their list: the page paints (and its images load, after `load`)
 * before any of them is fetched (docs/ssr.md, "Starting after load"). Made once per template and moment.
 */
const startingLater = new Map<string, string>();
function startLater(beforeRoot: string, after: DocumentParts['startAfter']): string {
  const key = `${after}\n${beforeRoot}`;
  let html = startingLater.get(key);
  if (html === undefined) {
    const run = [...beforeRoot.matchAll(SCRIPT_TAG)].map((match) => match[1] as string);
    const preload = [...beforeRoot.matchAll(SCRIPT_HINT)].map((match) => match[1] as string);
    const list = after === 'paint' ? { run, preload, after } : { run, preload };
    const starter = `<script type="application/json" id="${SCRIPTS_ID}">${scriptJson(list)}</script><script async src="${STARTER}"></script>`;
    html = beforeRoot.replace(SCRIPT_TAG, '').replace(SCRIPT_HINT, '');
    html = insertBeforeHeadEnd(html, starter);
    if (startingLater.size >= 64) startingLater.delete(startingLater.keys().next().value as string);
    startingLater.set(key, html);
  }
  return html;
}

/** Cuts the template at its root element and writes the page's head into it. */
export function pageDocument({ template, origin, pathname, head, styledTags, dataPreloads, startAfter }: DocumentParts): PageDocument {
  const rootAt = template.indexOf(ROOT_START);
  const bodyEndAt = template.lastIndexOf('</body>');
  if (rootAt === -1 || bodyEndAt < rootAt) throw new Error('index.html has no <div id="root"> inside its <body>');
  const beforeRoot = template.slice(0, rootAt);
  const before = withHead(startLater(beforeRoot, startAfter), headElements({ origin, pathname, head, styledTags, dataPreloads }), head);
  return {
    start: `${before}${ROOT_START}`,
    end: (state) => `</div><script type="application/json" id="${SERVER_RENDER_STATE_ID}">${scriptJson(state)}</script>${template.slice(bodyEndAt)}`,
  };
}

/** The template's head with the page's title and description in place of the shop's defaults, and the rest added. */
function withHead(beforeRoot: string, elements: string, head: PageHead): string {
  let html = beforeRoot;
  // Replacements are functions, never strings: a string's `$&`, `$'` or `` $` `` (in a product's name, a
  // search) would paste pieces of the template into the page.
  const title = head.title ? `<title>${escapeHtml(`${head.title} | ${SHOP_NAME}`)}</title>` : undefined;
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  const description = head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : undefined;
  if (description) html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => description);
  return insertBeforeHeadEnd(html, elements);
}

/** `text` just before `</head>` (or in front, without one), inserted as it is. */
function insertBeforeHeadEnd(html: string, text: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? `${text}${html}` : `${html.slice(0, at)}${text}${html.slice(at)}`;
}

function headElements({ origin, pathname, head, styledTags = '', dataPreloads }: Omit<DocumentParts, 'template' | 'startAfter'>): string {
  const canonical = new URL(head.canonicalPath ?? pathname, origin).href;
  const meta = (property: string, content: string | undefined) => (content ? `<meta property="${property}" content="${escapeHtml(content)}">` : '');
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.noindex ? '<meta name="robots" content="noindex, follow">' : '',
    meta('og:type', head.type ?? 'website'),
    meta('og:site_name', SHOP_NAME),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', canonical),
    meta('og:image', head.image ? new URL(head.image, origin).href : undefined),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    // The page's styled components' styles, which the browser's styled-components takes over (rehydrates).
    styledTags,
    ...dataPreloads.map((href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}">`),
  ].join('');
}
