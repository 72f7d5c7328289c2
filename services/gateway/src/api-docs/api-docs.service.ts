import { Inject, Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_PATH, SERVICE_CONFIG, UpstreamPool, type UpstreamReply } from '@shop/service-kit';
import type { GatewayConfig } from '../config.js';
import { probeTimeoutOf, UPSTREAMS } from '../upstreams.js';
import { mergeOpenApiDocuments } from './merge-openapi.js';

/** A complete document is kept this long; services change their API only with a release. */
const COMPLETE_FOR_MS = 30_000;
/** One missing a service is tried again sooner, so the service's part shows up soon after it is back. */
const INCOMPLETE_FOR_MS = 5_000;

/** The OpenAPI document of the whole API, merged from every service's own and kept a short while. */
@Injectable()
export class ApiDocs {
  private readonly timeoutMs: number;
  private cached?: { document: OpenAPIObject; until: number };
  private building?: Promise<OpenAPIObject>;
  /** The gateway's own routes' document (its health, the docs), made from the app once it is built. */
  private own?: OpenAPIObject;

  constructor(
    @Inject(SERVICE_CONFIG) config: GatewayConfig,
    private readonly pool: UpstreamPool,
  ) {
    this.timeoutMs = probeTimeoutOf(config);
  }

  /** Gives the gateway's own document, to come first in the merged one (gateway-app.ts). */
  describeGateway(own: OpenAPIObject): void {
    this.own = own;
    this.cached = undefined;
  }

  async document(): Promise<OpenAPIObject> {
    if (this.cached && Date.now() < this.cached.until) return this.cached.document;
    // Concurrent readers share one round of requests to the services.
    this.building ??= this.build().finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(): Promise<OpenAPIObject> {
    const parts = await Promise.all(
      UPSTREAMS.map(async (upstream) => {
        // Any replica's document will do: the first that gives one.
        for (const replica of this.pool.all(upstream)) {
          const document = documentIn(await this.pool.getJson(replica, OPENAPI_PATH, { timeoutMs: this.timeoutMs }));
          if (document) return { upstream, document };
        }
        return { upstream, document: undefined };
      }),
    );
    const document = mergeOpenApiDocuments(parts, this.own);
    const complete = parts.every((part) => part.document);
    this.cached = { document, until: Date.now() + (complete ? COMPLETE_FOR_MS : INCOMPLETE_FOR_MS) };
    return document;
  }
}

function documentIn(reply: UpstreamReply): OpenAPIObject | undefined {
  if (!reply.answered || reply.status !== 200) return undefined;
  const body = reply.body as Partial<OpenAPIObject> | undefined;
  return body && typeof body.openapi === 'string' && typeof body.paths === 'object' ? (body as OpenAPIObject) : undefined;
}
