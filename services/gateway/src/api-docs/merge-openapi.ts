import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIObject } from '@nestjs/swagger';
import { proxyRouteFor } from '../proxy/proxy-routes.js';
import type { Upstream } from '../upstreams.js';

/** A service's own OpenAPI document, or none when it did not answer. */
export interface ServiceDocument {
  upstream: Upstream;
  document?: OpenAPIObject;
}

type Components = Record<string, Record<string, unknown>>;

/**
 * The merged components, by kind and name. Maps, not objects: the names come from the services'
 * documents (JSON from the network), and a component named `constructor` or `toString` must meet
 * only components of that name, never Object's own properties (nor `__proto__` a prototype).
 */
type ComponentMaps = Map<string, Map<string, unknown>>;

/** Where the merged document says the API is: the origin that serves it, the gateway's (every path is absolute). */
export const API_SERVERS = [{ url: '/', description: 'The gateway that serves this document: the shop\'s one origin' }];

/** Who answers for the API: the shop's developers, who own the gateway and its services. */
export const API_CONTACT = { name: "The shop's developers" };

/**
 * One document for the whole API as the browser sees it through the gateway:
 * the gateway's own calls (`own`: its health, this document and its page), then
 * each service's paths that the gateway routes to it, and the components they
 * use. Components of the same name and content are shared (the error body
 * `ErrorBody` among them); a name two services use for different things is
 * prefixed by the later service's name (its references rewritten). Operations
 * without tags are tagged with their service; the document lists the tags its
 * operations use, each described by the service that names it.
 */
export function mergeOpenApiDocuments(parts: ServiceDocument[], own?: OpenAPIObject): OpenAPIObject {
  const merged: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'Shop API', version: '1.0', description: '', contact: API_CONTACT },
    servers: API_SERVERS,
    tags: [],
    paths: {},
    components: {},
  };
  const components: ComponentMaps = new Map();
  const tags = merged.tags!;
  const included: string[] = [];
  const missing: Upstream[] = [];
  const add = (document: OpenAPIObject, source: Upstream | 'gateway', routed: (path: string) => boolean) => {
    const ownDocument = source === 'gateway' ? document : renameClashingComponents(document, components, source);
    for (const [kind, entries] of Object.entries((ownDocument.components ?? {}) as Components)) {
      // As a spread of the new entries and then the known ones: a name already taken keeps its component.
      components.set(kind, new Map([...Object.entries(entries), ...(components.get(kind) ?? [])]));
    }
    const used = new Set<string>();
    for (const [path, item] of Object.entries(ownDocument.paths ?? {})) {
      if (!routed(path)) continue;
      merged.paths[path] = tagUntaggedOperations(item as Record<string, unknown>, source, (tag) => used.add(tag));
    }
    const described = [...(ownDocument.tags ?? []), { name: source, description: ownDocument.info?.description }];
    for (const name of used) {
      if (tags.some((known) => known.name === name)) continue;
      tags.push(described.find((tag) => tag.name === name) ?? { name });
    }
    included.push(`- **${source}**: ${ownDocument.info?.description || ownDocument.info?.title || source}`);
  };

  if (own) add(own, 'gateway', () => true);
  for (const { upstream, document } of parts) {
    if (!document) {
      missing.push(upstream);
      continue;
    }
    add(document, upstream, (path) => proxyRouteFor(path)?.upstream === upstream);
  }

  merged.components = Object.fromEntries([...components].map(([kind, entries]) => [kind, Object.fromEntries(entries)]));
  merged.info.description = [
    'Every call of the shop, as the browser makes it through the gateway.',
    ...included,
    ...(missing.length > 0
      ? [`Not included because the service did not answer: ${missing.join(', ')}. Reload this page once it is back.`]
      : []),
  ].join('\n\n');
  return merged;
}

/** The document with every component whose name is already taken for something else renamed, references included. */
function renameClashingComponents(document: OpenAPIObject, taken: ComponentMaps, upstream: Upstream): OpenAPIObject {
  const renames = new Map<string, string>();
  for (const [kind, entries] of Object.entries((document.components ?? {}) as Components)) {
    for (const [name, value] of Object.entries(entries)) {
      const existing = taken.get(kind)?.get(name);
      if (existing !== undefined && !isDeepStrictEqual(existing, value)) {
        renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${upstream}.${name}`);
      }
    }
  }
  if (renames.size === 0) return document;
  const renamed = rewriteRefs(document, renames) as OpenAPIObject;
  const components = renamed.components as Components;
  for (const ref of renames.keys()) {
    const [, , kind, name] = ref.split('/');
    components[kind][`${upstream}.${name}`] = components[kind][name];
    delete components[kind][name];
  }
  return renamed;
}

function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? (renames.get(item) ?? item) : rewriteRefs(item, renames),
    ]),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function tagUntaggedOperations(item: Record<string, unknown>, source: string, onTag: (tag: string) => void): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([key, operation]) => {
      if (!METHODS.includes(key) || typeof operation !== 'object' || operation === null) return [key, operation];
      const tags = (operation as { tags?: string[] }).tags;
      if (tags && tags.length > 0) {
        tags.forEach(onTag);
        return [key, operation];
      }
      onTag(source);
      return [key, { ...operation, tags: [source] }];
    }),
  );
}
