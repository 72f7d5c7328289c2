import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Subjects } from '@shop/contracts';
import { EventConsumers } from '@shop/event-bus';
import { Product } from '../products/product.entity.js';
import { StockReservation } from './stock-reservation.entity.js';
import { StockService } from './stock.service.js';

/** Reserves and gives back stock for the orders service's order events. */
@Module({
  imports: [TypeOrmModule.forFeature([Product, StockReservation])],
  providers: [StockService],
})
export class StockModule implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly stock: StockService,
  ) {}

  onModuleInit(): void {
    this.consumers.subscribe('orders', {
      [Subjects.OrderPlaced]: { batch: (events, manager) => this.stock.reserve(events.map((event) => event.data), manager) },
      [Subjects.OrderCancelled]: (event, manager) => this.stock.release(event.data, manager),
    });
  }
}
