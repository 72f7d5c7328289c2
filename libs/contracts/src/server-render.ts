/**
 * The contract between the gateway and the shell's server renderer (docs/ssr.md): the gateway knows the
 * shopper's builds, the index page and how to read the API; the shell's server build (apps/shell/dist/
 * server/render.cjs) knows the frame, the routes and how to load each remote's server build. Neither
 * imports the other: the gateway loads the shell's build at run time, as the browser does.
 */

/** The file of the shell's build that renders pages on the server. */
export const SERVER_RENDERER_FILE = 'server/render.cjs';

/** A remote's server build inside its release folder, beside the browser build (one build id for both). */
export const REMOTE_SERVER_ENTRY = 'server/remoteEntry.js';

/**
 * The Module Federation manifest of that server build: its `exposes` name the pages the remote's team
 * renders on the server (the remote's `serverPages`); the others are the browser's to render.
 */
export const REMOTE_SERVER_MANIFEST = 'server/mf-manifest.json';

/** The element of a server-rendered page holding what the browser needs to hydrate it (JSON). */
export const SERVER_RENDER_STATE_ID = 'shop-ssr';

/** One remote, as the shopper's page uses it. */
export interface ServerRenderRemote {
  name: string;
  /** Its build id (the same build the browser is told to load), when it is served by build. */
  build?: string;
  /** The file of that build's server container, if the build has one; without, its pages render in the browser. */
  serverEntry?: string;
  /**
   * The pages that server container exposes (REMOTE_SERVER_MANIFEST); the others render in the browser
   * without being asked of it. Unknown for a build without the manifest (built before it): every page is tried.
   */
  serverPages?: readonly string[];
}

export interface ServerRenderRequest {
  /** The page's path and query string, as the browser asked for it. */
  url: string;
  /** The shop's public origin (`https://shop.example`), for canonical and Open Graph addresses. */
  origin: string;
  /** The shell's index.html with the gateway's additions to `<head>` (the remotes' addresses, preload hints). */
  template: string;
  remotes: readonly ServerRenderRemote[];
  /** The API answers the page asks for first, by address (as its remote's build names them for the route). */
  firstCalls: readonly string[];
  /** How the server reads the API: anonymous GETs, answered as the browser's would be. */
  fetch: typeof fetch;
  /** How long a remote's slot may take (its module and first answers) before it is left to the browser. */
  budgetMs: number;
}

/** How a remote's slot of the page was rendered. */
export interface RenderedSlot {
  remote: string;
  build?: string;
  /** 'server', or 'browser' when the server left it to the browser, with why. */
  renderedBy: 'server' | 'browser';
  reason?: 'no server build' | 'not rendered on the server' | 'load failed' | 'over budget' | 'render failed';
  /** The error's message, for a load or render that failed. */
  error?: string;
}

/** Where a page is written: a Node.js writable stream (the response, or a stream that also keeps it). */
export interface PageSink {
  write(chunk: never): unknown;
  end(): unknown;
  once(event: string, listener: (...args: never[]) => void): unknown;
}

export interface ServerRenderedPage {
  /** 200, or 404 when the page's first answer said its subject does not exist (a product id, say). */
  status: number;
  /** The page's slot and how it was rendered. */
  slot?: RenderedSlot;
  /** Writes the page to `sink` as it renders, then ends it; resolves once all is written. */
  pipe(sink: PageSink): Promise<void>;
}

export interface ServerRenderer {
  render(request: ServerRenderRequest): Promise<ServerRenderedPage>;
  /**
   * Loads the server pages of `remotes` ahead of the first shopper (the gateway does at start): the first
   * load of a build (evaluating its container) is the slowest part of a page, and the first page after a
   * start would otherwise go over the budget. Resolves when done; never rejects.
   */
  warm?(remotes: readonly ServerRenderRemote[]): Promise<void>;
}

/** What the shell's server build exports. */
export interface ServerRendererModule {
  createServerRenderer(options?: { log?: (message: string) => void }): ServerRenderer;
}

/** What a server-rendered page hands the browser in its SERVER_RENDER_STATE_ID element. */
export interface ServerRenderState {
  /** The query cache's answers (TanStack Query's dehydrated state). */
  queries: unknown;
  /** The slot the browser renders itself, if the server left it (its boundary shows the fallback). */
  browserSlot?: string;
  /**
   * Why the server left it, when its remote's build failed there ('load failed', 'render failed'): the
   * browser counts it as an error of that build in its page reports, so a canary whose server code fails
   * is rolled back like one whose browser code fails. (No error message: the server's stays in its log.)
   */
  serverFailure?: 'load failed' | 'render failed';
}

/** What a page tells search engines and link previews, written into `<head>` by the server render. */
export interface PageHead {
  /** The page's own title; the shop's name is appended (`Airpods | ProShop`), as the browser's tab shows it. */
  title?: string;
  description?: string;
  /** The page's address without the origin (`/product/42`); the request's path (without the query) by default. */
  canonicalPath?: string;
  /** An image address for link previews (og:image), site-relative or absolute. */
  image?: string;
  /** Open Graph type: 'website' by default, 'product' on product pages. */
  type?: 'website' | 'product';
  /** Structured data (schema.org, JSON-LD) for the page. */
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search results (a search result list, an empty page). */
  noindex?: boolean;
}

/** What a page gets to describe itself: the route's segments and its first answers, by address. */
export interface PageHeadInput {
  params: Readonly<Record<string, string | undefined>>;
  /** The shop's public origin, for absolute addresses in structured data. */
  origin: string;
  /** The answer to one of the page's first calls (`/api/products/42`), if it answered. */
  answer<T = unknown>(address: string): T | undefined;
}

/**
 * A page module may export `pageHead` beside its component (`export function pageHead(input): PageHead`):
 * the server render calls it once the page's first answers are in, before the page streams.
 */
export type PageHeadOf = (input: PageHeadInput) => PageHead;

/**
 * The digest of the error a server render throws in a slot it leaves to the browser: the browser's
 * hydration meets it as a recoverable error and knows it for a planned switch, not a fault.
 */
export const BROWSER_SLOT_DIGEST = 'shop:browser-slot';
