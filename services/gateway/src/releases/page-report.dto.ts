import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';
import { BUILD_ID, REMOTE_NAME, VITALS } from '@shop/mf-releases';

const tagged = { remote: z.string().regex(REMOTE_NAME), build: z.string().regex(BUILD_ID) };
const message = z.string().max(300);

/** One beacon of a shopper's browser (apps/shell's page-reports.ts): at most 25 reports of one session. */
export const pageReportsBody = z.object({
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'session is 8 to 64 letters, digits, - or _'),
  reports: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({ ...tagged, kind: z.literal('view') }),
        z.object({ ...tagged, kind: z.literal('error'), message }),
        z.object({ ...tagged, kind: z.literal('load-failure'), message }),
        z.object({ ...tagged, kind: z.literal('vital'), name: z.enum(VITALS), value: z.number().nonnegative().max(3_600_000) }),
      ]),
    )
    .min(1)
    .max(25),
});
export type PageReportsBody = z.infer<typeof pageReportsBody>;

/** The OpenAPI description of the same body (the schema above is what is checked). */
export class PageReportDto {
  @ApiProperty({ example: 'catalog', pattern: REMOTE_NAME.source })
  remote!: string;

  @ApiProperty({ example: '3f9a1c2b7d', pattern: BUILD_ID.source })
  build!: string;

  @ApiProperty({ enum: ['view', 'error', 'load-failure', 'vital'] })
  kind!: 'view' | 'error' | 'load-failure' | 'vital';

  @ApiProperty({ required: false, maxLength: 300, description: 'error and load-failure: what went wrong' })
  message?: string;

  @ApiProperty({ required: false, enum: VITALS, description: 'vital: which one' })
  name?: 'LCP' | 'INP' | 'CLS';

  @ApiProperty({ required: false, minimum: 0, description: 'vital: its value (LCP and INP in ms, CLS unitless)' })
  value?: number;
}

export class PageReportsDto {
  @ApiProperty({ description: 'The page session: a random id the page keeps while its tab lives', pattern: '^[A-Za-z0-9_-]{8,64}$' })
  session!: string;

  @ApiProperty({ type: [PageReportDto], minItems: 1, maxItems: 25 })
  reports!: PageReportDto[];
}
