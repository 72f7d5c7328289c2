import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { prepared } from '@shop/service-kit';
import { OrderOutcomes } from './order-outcomes.js';

/** What an order line is priced from: the service's copy of a catalog product (one still sold). */
export interface CatalogPrice {
  id: string;
  name: string;
  image: string;
  price_cents: number;
}

/** The buyer as this service's copy of the users knows them (null columns: not known yet). */
export interface BuyerCopy {
  customer_name: string | null;
  customer_email: string | null;
  customer_deleted: boolean | null;
  customer_changed_at: Date | null;
}

/** How many products and buyers a process remembers at most (the longest remembered go first). */
const MAX_REMEMBERED = 10_000;

/**
 * What a placement is priced from, the products and the buyer, remembered from the database's copies
 * so that an order costs one statement (its INSERT) instead of two: on this machine each statement is a
 * system call that costs more than the query (docs/order-pipeline.md, "Pricing from memory").
 *
 * Why this is never behind the copies for longer than a notification's delivery: the copies change only
 * in the transactions of the `products` and `users` consumers, which announce the ids they changed with
 * NOTIFY (delivered to every replica's listener when they commit); what is heard is forgotten. A read
 * from the database is remembered only if nothing was heard while it ran (it might have read what was
 * just replaced) and the listener was up all along; when the listener's connection is lost everything
 * is forgotten and every placement reads the database until it is back. The copies themselves follow the
 * catalog and the users service by their events, so they are always a little behind those: this adds at
 * most the notification's delivery to that.
 */
@Injectable()
export class PricingMemory {
  private readonly products = new Map<string, CatalogPrice>();
  private readonly buyers = new Map<string, BuyerCopy>();
  /** Counts what was heard (changes, a lost listener): a read that saw it change is not remembered. */
  private heard = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outcomes: OrderOutcomes,
  ) {
    outcomes.subscribe({
      productsChanged: (ids) => this.forget(this.products, ids),
      customersChanged: (ids) => this.forget(this.buyers, ids),
      deaf: () => {
        this.heard++;
        this.products.clear();
        this.buyers.clear();
      },
    });
  }

  /** The products among `productIds` that are sold (not deleted), by id, and the buyer. */
  async read(productIds: readonly string[], buyerId: string): Promise<{ products: Map<string, CatalogPrice>; buyer: BuyerCopy }> {
    const remembered = this.remembered(productIds, buyerId);
    if (remembered) return remembered;
    const before = { heard: this.heard, epoch: this.outcomes.epoch, listening: this.outcomes.listening };
    const rows: (CatalogPrice & BuyerCopy)[] = await this.dataSource.query(
      prepared(`SELECT p.id, p.name, p.image, p.price_cents,
         c.name AS customer_name, c.email AS customer_email, c.deleted AS customer_deleted, c.changed_at AS customer_changed_at
       FROM (SELECT $2::uuid AS id) AS buyer
       LEFT JOIN customer c ON c.id = buyer.id
       LEFT JOIN catalog_product p ON p.id = ANY($1::uuid[]) AND NOT p.deleted`),
      [productIds, buyerId],
    );
    const [first] = rows;
    const buyer: BuyerCopy = {
      customer_name: first.customer_name,
      customer_email: first.customer_email,
      customer_deleted: first.customer_deleted,
      customer_changed_at: first.customer_changed_at,
    };
    const products = new Map<string, CatalogPrice>();
    for (const row of rows) {
      if (row.id !== null) products.set(row.id, { id: row.id, name: row.name, image: row.image, price_cents: row.price_cents });
    }
    const unchanged = before.listening && this.outcomes.listening && before.epoch === this.outcomes.epoch && before.heard === this.heard;
    if (unchanged) {
      for (const product of products.values()) remember(this.products, product.id, product);
      // A buyer the copy does not know yet is read again: their user.created is on its way.
      if (buyer.customer_name !== null) remember(this.buyers, buyerId, buyer);
    }
    return { products, buyer };
  }

  /** Whether a placement would take this product, or this buyer, from memory now. */
  remembers(what: { productId: string } | { buyerId: string }): boolean {
    return 'productId' in what ? this.products.has(what.productId) : this.buyers.has(what.buyerId);
  }

  /** Everything asked for, from memory, or undefined when something must be read. */
  private remembered(productIds: readonly string[], buyerId: string): { products: Map<string, CatalogPrice>; buyer: BuyerCopy } | undefined {
    if (!this.outcomes.listening) return undefined;
    const buyer = this.buyers.get(buyerId);
    if (!buyer) return undefined;
    const products = new Map<string, CatalogPrice>();
    for (const id of productIds) {
      const product = this.products.get(id);
      if (!product) return undefined;
      products.set(id, product);
    }
    return { products, buyer };
  }

  private forget<T>(memory: Map<string, T>, ids: readonly string[]): void {
    this.heard++;
    for (const id of ids) memory.delete(id);
  }
}

function remember<T>(memory: Map<string, T>, id: string, value: T): void {
  memory.delete(id);
  if (memory.size >= MAX_REMEMBERED) memory.delete(memory.keys().next().value as string);
  memory.set(id, value);
}
