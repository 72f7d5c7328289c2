import { ApiProperty } from '@nestjs/swagger';
import { BUILD_ID, MAX_REPORT_MESSAGE, MAX_REPORTS_PER_BODY, REMOTE_NAME, REPORT_SESSION, VITALS } from '@shop/contracts';

export { pageReportsBody, type PageReportsBody } from '@shop/contracts';

/** The OpenAPI description of the same body (the schema above is what is checked). */
export class PageReportDto {
  @ApiProperty({ example: 'catalog', pattern: REMOTE_NAME.source })
  remote!: string;

  @ApiProperty({ example: '3f9a1c2b7d', pattern: BUILD_ID.source })
  build!: string;

  @ApiProperty({ enum: ['view', 'error', 'load-failure', 'vital'] })
  kind!: 'view' | 'error' | 'load-failure' | 'vital';

  @ApiProperty({ required: false, maxLength: MAX_REPORT_MESSAGE, description: 'error and load-failure: what went wrong' })
  message?: string;

  @ApiProperty({ required: false, enum: VITALS, description: 'vital: which one' })
  name?: 'LCP' | 'INP' | 'CLS';

  @ApiProperty({ required: false, minimum: 0, description: 'vital: its value (LCP and INP in ms, CLS unitless)' })
  value?: number;
}

export class PageReportsDto {
  @ApiProperty({ description: 'The page session: a random id the page keeps while its tab lives', pattern: REPORT_SESSION.source })
  session!: string;

  @ApiProperty({ type: [PageReportDto], minItems: 1, maxItems: MAX_REPORTS_PER_BODY })
  reports!: PageReportDto[];
}
