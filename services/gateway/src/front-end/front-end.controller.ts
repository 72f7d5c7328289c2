import { All, Controller, NotFoundException } from '@nestjs/common';

/**
 * Every path no service and no gateway route answers. The front-end shell will
 * be served from here (its files, and index.html for the browser's routes);
 * until it exists, and for unknown /api paths always, the answer is 404.
 */
@Controller()
export class FrontEndController {
  @All('{*path}')
  notFound(): never {
    throw new NotFoundException('Not found');
  }
}
