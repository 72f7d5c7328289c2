import { All, Controller, Module, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/**
 * What no route of the gateway's own and no service answers (an unknown /api path, the storefront
 * server's probes): 404 `{ message: 'Not found' }` for any method. Registered last, after every other route.
 */
@ApiExcludeController()
@Controller()
export class NotFoundController {
  @All('{*path}')
  notFound(): never {
    throw new NotFoundException('Not found');
  }
}

/** Imported last by the app module, so that its catch-all route comes after every other. */
@Module({ controllers: [NotFoundController] })
export class NotFoundModule {}
