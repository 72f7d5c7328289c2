import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@shop/contracts';

/** The paging headers of an admin table's answer, for `@ApiOkResponse({ headers })`. */
export const ApiListHeaders = {
  [TOTAL_COUNT_HEADER]: { description: 'How many rows the search and filters match, over every page', schema: { type: 'integer' } },
  [LINK_HEADER]: { description: 'The first, prev, next and last pages (RFC 8288), relative to this call', schema: { type: 'string' } },
};

/** A CSV download in the OpenAPI document. */
export const ApiCsvExport = () =>
  applyDecorators(
    ApiProduces('text/csv'),
    ApiOkResponse({
      description: 'A CSV file (RFC 4180, UTF-8 with a byte order mark), streamed',
      content: { 'text/csv': { schema: { type: 'string' } } },
      headers: { 'Content-Disposition': { description: 'attachment; filename="….csv"', schema: { type: 'string' } } },
    }),
  );
