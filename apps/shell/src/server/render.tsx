/**
 * The shell's server renderer (docs/ssr.md), built into dist/server/render.cjs and loaded by the gateway
 * at run time. For a browser route it:
 * 1. finds the route's page and loads it from the shopper's build set (build-sets.ts), while it reads
 *    the page's first answers through the same API client as the browser (shop-client), both within the
 *    slot's time budget;
 * 2. streams the shell's frame with React's renderToPipeableStream, the page in its Suspense boundary,
 *    inside the shell's index.html with the page's head (title, description, canonical, Open Graph,
 *    JSON-LD, its stylesheets) written in;
 * 3. ends with the query cache's answers (dehydrated), so the browser hydrates the same page without
 *    asking the API again.
 * A page that could not be loaded in time, or whose remote has no server build, or that throws while
 * rendering, is left to the browser for its slot alone: React sends its boundary's fallback and the
 * browser renders it after hydrating the frame.
 */
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { createShopQueryClient, createShopStore, dehydrateShopQueries, FirstAnswers, httpOf } from '@shop/shop-client';
import {
  BROWSER_SLOT_DIGEST,
  matchRoutePattern,
  type PageHead,
  type PageHeadInput,
  type PageSink,
  type RenderedSlot,
  type ServerRenderedPage,
  type ServerRenderer,
  type ServerRenderRemote,
  type ServerRenderRequest,
} from '@shop/contracts';
import { App } from '../app/app.js';
import { ShellRoutes } from '../app/routes.js';
import { shopRoutes, type ShopRoute } from '../app/route-table.js';
import { ServerSlotContext, type ServerSlot } from '../app/server-slot.js';
import { BuildSets, type ServerPageModule } from './build-sets.js';
import { pageDocument } from './page-document.js';

export interface ServerRendererOptions {
  /** Where the renderer says what it could not render (the gateway's logger); nowhere by default. */
  log?: (message: string) => void;
}

/** The session and cart store of every server render: none, and no storage (the server renders anonymously). */
const anonymous = createShopStore({ storage: null, window: null });

const OVER_BUDGET: unique symbol = Symbol('over budget');

/** Resolves OVER_BUDGET after `ms` (unless `signal` stops it first), without keeping the process up for it. */
const after = (ms: number, signal: AbortSignal): Promise<typeof OVER_BUDGET> => delay(ms, OVER_BUDGET, { ref: false, signal }).catch(() => OVER_BUDGET);

/** Whether `remote`'s build renders `module` on the server: it has a server build that exposes the page. */
const rendersOnServer = (remote: ServerRenderRemote, module: string): boolean =>
  Boolean(remote.serverEntry) && (remote.serverPages === undefined || remote.serverPages.includes(module));

export function createServerRenderer({ log = () => undefined }: ServerRendererOptions = {}): ServerRenderer {
  const sets = new BuildSets();
  return {
    render: (request) => renderPage(request, sets, log),
    warm: async (remotes) => {
      const pages = shopRoutes.filter((route) => remotes.some((remote) => remote.name === route.remote && rendersOnServer(remote, route.module)));
      const unique = [...new Map(pages.map((route) => [`${route.remote}/${route.module}`, route])).values()];
      // A page of a build without the manifest that its remote does not render on the server fails to load: no news.
      await Promise.all(unique.map((route) => sets.loadPage(remotes, route.remote, route.module).catch(() => undefined)));
    },
  };
}

interface RouteMatch {
  route: ShopRoute;
  params: Record<string, string>;
}

/**
 * The route at `pathname` and its segments, decoded as React Router's useParams gives them to the page
 * (`/search/a%20b` is the keyword `a b`), so the page's head names what the page shows. A segment that is
 * no valid encoding is kept as it came.
 */
function routeAt(pathname: string): RouteMatch | undefined {
  for (const route of shopRoutes) {
    const params = matchRoutePattern(route.path, pathname);
    if (params) return { route, params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decoded(value)])) };
  }
  return undefined;
}

function decoded(segment: string): string {
  try {
    // Control characters (a NUL) have no place in a title or a description.
    return decodeURIComponent(segment).replace(/\p{Cc}/gu, '');
  } catch {
    return segment;
  }
}

async function renderPage(request: ServerRenderRequest, sets: BuildSets, log: (message: string) => void): Promise<ServerRenderedPage> {
  const { pathname } = new URL(request.url, 'http://shop.invalid');
  const match = routeAt(pathname);
  const queryClient = createShopQueryClient();
  const firstAnswers = new FirstAnswers();
  // The statuses of the page's first answers: a product that does not exist is a 404 page.
  const statuses: number[] = [];
  const readApi: typeof fetch = async (input, init) => {
    try {
      const response = await request.fetch(input, init);
      statuses.push(response.status);
      return response;
    } catch (error) {
      // No answer at all (the service is down): as the proxy would say.
      statuses.push(503);
      throw error;
    }
  };
  const http = httpOf({ store: anonymous, fetch: readApi });

  let slot: RenderedSlot | undefined;
  let serverSlot: ServerSlot | undefined;
  let page: ServerPageModule | undefined;
  if (match) {
    const { remote, module } = match.route;
    const id = `${remote}/${module}`;
    const build = request.remotes.find((candidate) => candidate.name === remote);
    slot = { remote, build: build?.build, renderedBy: 'browser', reason: build?.serverEntry ? 'not rendered on the server' : 'no server build' };
    if (build && rendersOnServer(build, module)) {
      const loading = Promise.all([sets.loadPage(request.remotes, remote, module), firstAnswers.prefetch(http, request.firstCalls)]);
      const budget = new AbortController();
      const loaded = await Promise.race([loading.then(([pageModule]) => pageModule).catch((error: unknown) => error as Error), after(request.budgetMs, budget.signal)]);
      budget.abort();
      if (loaded === OVER_BUDGET) {
        slot = { ...slot, reason: 'over budget' };
        loading.catch(() => undefined);
      } else if (loaded instanceof Error || !loaded) {
        slot = { ...slot, reason: 'load failed', error: loaded?.message };
        log(`${id} (build ${build.build ?? '?'}) could not be loaded on the server, its slot renders in the browser: ${loaded?.message}`);
      } else {
        page = loaded;
        slot = { remote, build: build.build, renderedBy: 'server' };
      }
    }
    serverSlot = { id, page: page?.default };
  }

  // A page left to the browser has the title its route names (the cart's), as the page itself sets it.
  const head = page
    ? headOf(page, { params: match?.params ?? {}, origin: request.origin, answer: (address) => firstAnswers.peek(address) }, serverSlot?.id ?? '', log)
    : { title: match?.route.heading };
  // A first answer of 400 or 404 (an id that is no product id, a product that does not exist): the page is
  // not found. One the API could not give (5xx, or none): 503, the page rendered without it (and not kept).
  const status = statuses.some((code) => code >= 500) ? 503 : statuses.some((code) => code === 404 || code === 400) ? 404 : 200;

  // Every styled component of the render, the remotes' pages' included (styled-components is a shared
  // singleton of the server builds too), writes its styles into this sheet (docs/ui.md, "Styles").
  const sheet = new ServerStyleSheet();
  const tree = sheet.collectStyles(
      <ServerSlotContext.Provider value={serverSlot ?? null}>
        <App queryClient={queryClient} store={anonymous} firstAnswers={firstAnswers}>
          <StaticRouter location={request.url}>
            <ShellRoutes />
          </StaticRouter>
        </App>
      </ServerSlotContext.Provider>
  );

  const overBudget = new Error('over the server render budget');
  return new Promise<ServerRenderedPage>((resolve, reject) => {
    const stream = renderToPipeableStream(tree, {
      // Nothing of the page is written before all of it rendered (docs/ssr.md, "Streaming"): its slot's
      // module and answers were awaited before the render, so that costs ~nothing, and a page written
      // at once needs none of React's inline scripts that reveal a boundary finished later (the
      // content security policy allows no inline script). A part still suspended at the budget is
      // aborted: its boundary goes out as the browser's to render, marked in the HTML alone.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        clearTimeout(budget);
        // Everything rendered: the sheet holds every style the page uses.
        const styledTags = sheet.getStyleTags();
        sheet.seal();
        const document = pageDocument({
          template: request.template,
          origin: request.origin,
          pathname,
          head,
          styledTags,
          // The browser fetches the page's first answers itself only when it renders the page itself.
          dataPreloads: slot?.renderedBy === 'server' ? [] : request.firstCalls,
          startAfter: slot?.renderedBy === 'server' ? 'load' : 'paint',
        });
        resolve({
          status,
          slot,
          pipe: (sink) =>
            new Promise<void>((done, fail) => {
              const writer = new PageWriter(sink, document.start, () =>
                document.end({
                  queries: dehydrateShopQueries(queryClient),
                  browserSlot: slot?.renderedBy === 'browser' ? serverSlot?.id : undefined,
                  serverFailure: slot?.reason === 'load failed' || slot?.reason === 'render failed' ? slot.reason : undefined,
                }),
              );
              writer.once('finish', () => done());
              writer.once('error', fail);
              stream.pipe(writer);
            }),
        });
      },
      onShellError(error) {
        sheet.seal();
        reject(error);
      },
      onError(error) {
        if (isBrowserSlot(error)) return BROWSER_SLOT_DIGEST;
        const message = error instanceof Error ? error.message : String(error);
        // Aborted at the budget: a part still waiting (on a slow service, say) is no fault of the remote's build.
        const reason = error === overBudget ? 'over budget' : 'render failed';
        if (slot?.renderedBy === 'server') slot = { ...slot, renderedBy: 'browser', reason, error: message };
        log(`rendering ${request.url} on the server failed, the slot renders in the browser: ${message}`);
        return BROWSER_SLOT_DIGEST;
      },
    });
    // What has not finished within the budget (a part that suspends on the server) is the browser's.
    // (React starts rendering on a later turn: onAllReady never runs before this line.)
    const budget = setTimeout(() => stream.abort(overBudget), request.budgetMs);
  });
}

const isBrowserSlot = (error: unknown) => typeof error === 'object' && error !== null && (error as { digest?: unknown }).digest === BROWSER_SLOT_DIGEST;

/** The page's own head, from its first answers; a page whose head fails keeps the shop's default one. */
function headOf(page: ServerPageModule, input: PageHeadInput, pageId: string, log: (message: string) => void): PageHead {
  if (typeof page.pageHead !== 'function') return {};
  try {
    return page.pageHead(input) ?? {};
  } catch (error) {
    log(`${pageId}'s pageHead failed: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

/**
 * The writable React's stream is piped into: the document's start before the first chunk, each chunk
 * on to the sink (waiting while the sink is full), and the document's end (with the hydration state,
 * known only once everything rendered) before the sink is ended.
 */
class PageWriter extends Writable {
  private started = false;

  constructor(
    private readonly sink: PageSink,
    // Not `start` and `end`: a field named `end` would hide Writable's own end(), which React calls.
    private readonly documentStart: string,
    private readonly documentEnd: () => string,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.begin();
    this.send(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.begin();
    this.send(this.documentEnd(), () => {
      this.sink.end();
      callback();
    });
  }

  /** Compression middleware buffers; React asks for a flush after each part it completes. */
  flush(): void {
    (this.sink as { flush?: () => void }).flush?.();
  }

  private begin(): void {
    if (this.started) return;
    this.started = true;
    (this.sink.write as (chunk: string) => boolean)(this.documentStart);
  }

  /** A sink that is full is waited for, until it drains or closes (a shopper who left: the render still finishes). */
  private send(chunk: Buffer | string, callback: () => void): void {
    if ((this.sink as { destroyed?: boolean }).destroyed || (this.sink.write as (chunk: Buffer | string) => boolean)(chunk)) return callback();
    const sink = this.sink as PageSink & { off(event: string, listener: () => void): unknown };
    const go = () => {
      sink.off('drain', go);
      sink.off('close', go);
      callback();
    };
    sink.once('drain', go as never);
    sink.once('close', go as never);
  }
}
