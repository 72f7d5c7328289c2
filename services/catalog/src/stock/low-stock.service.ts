import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { prepared } from '@shop/service-kit';
import type { LowStockResponse } from './dto/low-stock.response.js';

/** A product is low on stock at this count or under: what an admin should restock soon. */
export const LOW_STOCK_THRESHOLD = 5;

/** The admin dashboard's low-stock list: products at or under LOW_STOCK_THRESHOLD, least first. */
@Injectable()
export class LowStockService {
  constructor(private readonly dataSource: DataSource) {}

  async list(limit: number): Promise<LowStockResponse> {
    const rows = await this.dataSource.query<{ id: string; name: string; count_in_stock: number }[]>(
      prepared(`SELECT id, name, count_in_stock FROM product WHERE count_in_stock <= $1 ORDER BY count_in_stock, name, id LIMIT $2`),
      [LOW_STOCK_THRESHOLD, limit],
    );
    return {
      threshold: LOW_STOCK_THRESHOLD,
      products: rows.map((row) => ({ _id: row.id, name: row.name, countInStock: row.count_in_stock })),
    };
  }
}
