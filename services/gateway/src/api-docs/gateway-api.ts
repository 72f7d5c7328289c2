import type { AppDescription } from '@shop/service-kit';

/** The tag of the gateway's own operations in the merged document. */
export const GATEWAY_TAG = 'gateway';

/** What the gateway's own OpenAPI document says of it (`main.js openapi`, and the merged document's own part). */
export const GATEWAY_API: AppDescription = {
  title: 'Gateway',
  description: "The gateway's own routes: the shop's health across its services, and this API's documentation",
  tags: [{ name: GATEWAY_TAG, description: "The gateway's own calls: the health of every service behind it, and the API's documentation (this document and its page)" }],
};
