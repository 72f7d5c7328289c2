import { Injectable, NotFoundException, type PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** An order id in a path: anything but a UUID names no order, so it answers 404 like an unknown one. */
@Injectable()
export class OrderIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUUID(value)) throw new NotFoundException('Order not found');
    return value;
  }
}
