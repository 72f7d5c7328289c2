import {
  BadRequestException,
  HttpException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';

export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

/** multer's codes for a form with more or other parts than the one image. */
const UNEXPECTED_PARTS = new Set([
  'LIMIT_UNEXPECTED_FILE',
  'LIMIT_FILE_COUNT',
  'LIMIT_FIELD_COUNT',
  'LIMIT_PART_COUNT',
  'LIMIT_FIELD_KEY',
  'LIMIT_FIELD_VALUE',
  'MISSING_FIELD_NAME',
]);

/**
 * Words multer's upload errors (raised by the FileInterceptor it wraps) for
 * the admin: a file over the limit answers 413, a form with other parts 400.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) {
          return throwError(() => new PayloadTooLargeException(`The image is too large (${MAX_IMAGE_MB} MB at most)`));
        }
        const code = error instanceof HttpException ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
        if (typeof code === 'string' && UNEXPECTED_PARTS.has(code)) {
          return throwError(() => new BadRequestException("Send one image file in the form field 'image' and nothing else"));
        }
        return throwError(() => error);
      }),
    );
  }
}
