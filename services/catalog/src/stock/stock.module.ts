import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Product } from '../products/product.entity.js';
import { LowStockService } from './low-stock.service.js';
import { StockController } from './stock.controller.js';
import { StockReservation } from './stock-reservation.entity.js';
import { StockService } from './stock.service.js';

/**
 * Reserves and gives back stock for the orders service's order events (src/events/order-*.handler.ts), and
 * lists the products running out for the admin dashboard (GET /api/products/low-stock).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Product, StockReservation])],
  controllers: [StockController],
  providers: [StockService, LowStockService],
  exports: [StockService],
})
export class StockModule {}
