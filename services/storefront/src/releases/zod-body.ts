import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';

/** `value` checked by `schema`, or the 400 (or 404, for a path's segment) naming the first problem. */
export function zodBody<T>(schema: z.ZodType<T>, value: unknown, status: 400 | 404 = 400): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'Invalid request';
  throw status === 404 ? new NotFoundException(message) : new BadRequestException(message);
}
