import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Product } from '../products/product.entity.js';
import { StockReservation } from './stock-reservation.entity.js';
import { StockService } from './stock.service.js';

/** Reserves and gives back stock for the orders service's order events (src/events/order-*.handler.ts). */
@Module({
  imports: [TypeOrmModule.forFeature([Product, StockReservation])],
  providers: [StockService],
  exports: [StockService],
})
export class StockModule {}
