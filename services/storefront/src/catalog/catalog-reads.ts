import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { REQUEST_ID_HEADER, SERVICE_CONFIG, ShopMetrics, UpstreamPool, type Replica, type WholeAnswer } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';

/** One read of the catalog as a render gets it. */
export interface CatalogAnswer {
  status: number;
  contentType?: string;
  body: Buffer;
}

/** No replica of the catalog answered: a kept answer serves on (lru-cache keeps it), else the render gets UNAVAILABLE. */
class CatalogUnreachable extends Error {}

/** What a render reads when the catalog cannot answer, as the gateway answers a browser then. */
const UNAVAILABLE: CatalogAnswer = {
  status: 503,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify({ message: 'The catalog service is unavailable, please try again shortly' })),
};

/** Larger answers are not kept. */
const MAX_BODY_BYTES = 512 * 1024;
/** Bounds of what is kept: entries (query strings make the keys unbounded) and bytes. */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** What the catalog's reads are asked with: JSON, uncompressed (the render parses it at once). */
const READ_HEADERS: IncomingHttpHeaders = { accept: 'application/json', 'accept-encoding': 'identity' };

/**
 * The catalog's public reads as the storefront server's renders make them (docs/storefront.md, "Reading
 * the catalog"): straight from the catalog's replicas, not through the gateway, so rendering adds nothing
 * to the gateway's one thread; and kept for the next renders, the way a shared cache may keep them,
 * by the kept libraries made for it: http-cache-semantics says whether and for how long an answer may
 * be kept from its own Cache-Control (`public, s-maxage=1` for the catalog), never longer than
 * API_CACHE_MS; lru-cache's `fetch` coalesces the renders that ask for one address at once into one
 * read, and, past an answer's lifetime, serves it still while its successor is read (`allowStale`), so
 * no render waits for a refill and the catalog is asked about once per address and lifetime. An answer
 * the catalog does not let a shared cache keep (private, no-store, not 200) serves its own render only.
 *
 * A product changed through the gateway shows in renders within that lifetime (0.5 s by default), as it
 * does in other gateways' caches; the storefront server hears of no writes (docs/architecture.md).
 */
@Injectable()
export class CatalogReads {
  private readonly logger = new Logger('CatalogReads');
  private readonly kept?: LRUCache<string, CatalogAnswer, string>;
  private readonly maxMs: number;
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly pool: UpstreamPool,
    private readonly metrics: ShopMetrics,
  ) {
    this.maxMs = config.API_CACHE_MS;
    this.timeoutMs = config.UPSTREAM_TIMEOUT_MS;
    if (this.maxMs > 0) {
      this.kept = new LRUCache<string, CatalogAnswer, string>({
        max: MAX_ENTRIES,
        maxSize: MAX_BYTES,
        sizeCalculation: (answer, path) => answer.body.length + path.length + 64,
        ttl: this.maxMs,
        // Past its lifetime an answer still serves while its successor is read (stale-while-revalidate);
        // a read that fails keeps the answer there was.
        allowStale: true,
        noDeleteOnFetchRejection: true,
        allowStaleOnFetchRejection: true,
        fetchMethod: async (path, _stale, { options, context }) => {
          const { answer, lifetimeMs } = await this.readNow(path, context);
          // Not to be kept: this render's own, gone at once.
          options.ttl = lifetimeMs > 0 ? lifetimeMs : 1;
          return answer;
        },
      });
    }
  }

  /**
   * The catalog's answer to GET `path` (path and query, under /api/products) for a render of request
   * `requestId`; 503 `{ message }` when no replica could answer and nothing was kept.
   */
  async read(path: string, requestId: string): Promise<CatalogAnswer> {
    try {
      if (!this.kept) return (await this.readNow(path, requestId)).answer;
      const had = this.kept.has(path);
      const answer = await this.kept.fetch(path, { context: requestId });
      this.metrics.cacheRead('renders', had);
      return answer ?? (await this.readNow(path, requestId)).answer;
    } catch (error) {
      if (!(error instanceof CatalogUnreachable)) throw error;
      return UNAVAILABLE;
    }
  }

  /** Reads `path` from a catalog replica (another one if the first cannot be reached), and how long it may be kept. */
  private async readNow(path: string, requestId: string): Promise<{ answer: CatalogAnswer; lifetimeMs: number }> {
    const headers = { ...READ_HEADERS, [REQUEST_ID_HEADER]: requestId };
    let replica: Replica | undefined;
    let whole: WholeAnswer | undefined;
    for (let attempt = 0; attempt < 2 && !whole; attempt++) {
      replica = this.pool.pick('catalog', replica);
      try {
        whole = await this.pool.getWhole(replica, path, { headers, timeoutMs: this.timeoutMs, maxBytes: MAX_BODY_BYTES });
      } catch (error) {
        if (attempt === 1) {
          this.logger.warn(`catalog at ${replica.url} could not answer ${path}: ${error instanceof Error ? error.message : String(error)}`);
          throw new CatalogUnreachable();
        }
      }
    }
    const { status, headers: answerHeaders, body } = whole as WholeAnswer;
    const type = answerHeaders['content-type'];
    const answer: CatalogAnswer = { status, contentType: typeof type === 'string' ? type : undefined, body };
    const policy = new CachePolicy({ method: 'GET', url: path, headers: READ_HEADERS }, { status, headers: answerHeaders }, { shared: true });
    const lifetimeMs = status === 200 && policy.storable() && !answerHeaders['set-cookie'] ? Math.min(this.maxMs, policy.timeToLive()) : 0;
    return { answer, lifetimeMs };
  }
}
