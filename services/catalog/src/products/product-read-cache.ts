import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { NatsLink, type JetStreamContext } from '@shop/event-bus';
import { SERVICE_CONFIG, ShopMetrics } from '@shop/service-kit';
import type { CatalogConfig } from '../config.js';

/** A public read of the catalog as the API answers it: its JSON, serialized once, and the validator of those bytes. */
export interface ProductRead {
  json: Buffer;
  /**
   * Weak (`W/"…"`): the gateway may send the same content gzip- or brotli-encoded, and a strong
   * validator would have to differ between encodings.
   */
  etag: string;
}

export function productReadOf(value: unknown): ProductRead {
  const json = Buffer.from(JSON.stringify(value));
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** At most this many reads are kept (searches make the keys unbounded), and at most this many bytes. */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 32 * 1024 * 1024;

type NatsConnection = JetStreamContext['nc'];

/**
 * The catalog's public reads, so that a sale's thousands of reads a second cost a few database reads.
 *
 * - Coalescing: while a key is being read from the database, every other request for it waits for
 *   that one read instead of starting its own (one database read per key at a time).
 * - Keeping: list pages, searches and the carousel are kept for PRODUCT_CACHE_MS (250 ms). A product
 *   page is only coalesced, never kept: a buyer deciding on a product sees its stock as the database
 *   has it (the gateway in front keeps it briefly for anonymous visitors).
 * - Invalidation: `productsChanged()`, called once a product edit, creation, deletion or review has
 *   committed, drops every kept read and every read under way at once on this replica and, through
 *   NATS, on every other replica of the instance. A read that began before the drop is answered to
 *   those who asked for it but never kept or joined again (it may predate the change). The stock the
 *   order saga takes is not announced: it would empty the cache with every reservation of a sale;
 *   the list shows it when its entries expire.
 * - The expiry is the guarantee: a replica that missed an announcement (NATS down) still shows every
 *   change within PRODUCT_CACHE_MS.
 */
@Injectable()
export class ProductReadCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ProductReadCache');
  private readonly entries?: LRUCache<string, ProductRead>;
  private readonly loading = new Map<string, Promise<ProductRead>>();
  /** Bumped by every invalidation; a read begun under an older generation is not kept. */
  private generation = 0;
  /** This replica's id, so that it ignores its own announcements. */
  private readonly replica = randomUUID();
  private readonly subject: string;
  private connection?: NatsConnection;
  private subscription?: ReturnType<NatsConnection['subscribe']>;

  constructor(
    @Inject(SERVICE_CONFIG) config: CatalogConfig,
    private readonly nats: NatsLink,
    private readonly metrics: ShopMetrics,
  ) {
    // Outside the instance's stream subjects ({prefix}.>): a signal between replicas, not an event to keep.
    this.subject = `cache.${config.INSTANCE_PREFIX}.catalog.products-changed`;
    if (config.PRODUCT_CACHE_MS > 0) {
      this.entries = new LRUCache<string, ProductRead>({
        max: MAX_ENTRIES,
        maxSize: MAX_BYTES,
        sizeCalculation: (read, key) => read.json.length + key.length,
        ttl: config.PRODUCT_CACHE_MS,
      });
    }
  }

  onApplicationBootstrap(): void {
    this.nats
      .ready()
      .then(({ nc }) => {
        this.connection = nc;
        this.subscription = nc.subscribe(this.subject, {
          callback: (error, message) => {
            if (!error && message.string() !== this.replica) this.drop();
          },
        });
      })
      .catch((error: unknown) => this.logger.debug(`no cache announcements: ${String(error)}`));
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /**
   * The read kept under `key`, or the one under way, or a new one from `load`; with `keep: false`
   * the read is shared with the requests that come while it is under way, and not kept after.
   */
  read(key: string, load: () => Promise<unknown>, { keep = true }: { keep?: boolean } = {}): Promise<ProductRead> {
    const kept = this.entries?.get(key);
    // A read shared with one under way is a hit too: it costs the database nothing.
    const pending = kept ? undefined : this.loading.get(key);
    this.metrics.cacheRead('product-reads', Boolean(kept ?? pending));
    if (kept) return Promise.resolve(kept);
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then(productReadOf);
    this.loading.set(key, loaded);
    const settled = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    loaded.then((read) => {
      settled();
      if (keep && this.generation === generation) this.entries?.set(key, read);
    }, settled);
    return loaded;
  }

  /** A product change has committed: forget every read here and on the other replicas. */
  productsChanged(): void {
    this.drop();
    try {
      this.connection?.publish(this.subject, this.replica);
    } catch (error) {
      // The other replicas' entries expire within PRODUCT_CACHE_MS anyway.
      this.logger.warn(`could not announce a product change to the other replicas: ${String(error)}`);
    }
  }

  /** How many reads are kept (for tests). */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  private drop(): void {
    this.generation++;
    this.entries?.clear();
    this.loading.clear();
  }
}
