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

/**
 * One document for the whole API as the browser sees it through the gateway:
 * each service's paths that the gateway routes to it, and the components they
 * use. Components of the same name and content are shared; a name two services
 * use for different things is prefixed by the later service's name (its
 * references rewritten). Operations without tags are tagged with their service.
 */
export function mergeOpenApiDocuments(parts: ServiceDocument[]): OpenAPIObject {
  const merged: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'Shop API', version: '1.0', description: '' },
    tags: [],
    paths: {},
    components: {},
  };
  const components: ComponentMaps = new Map();
  const tags = merged.tags!;
  const included: string[] = [];
  const missing: Upstream[] = [];

  for (const { upstream, document } of parts) {
    if (!document) {
      missing.push(upstream);
      continue;
    }
    const own = renameClashingComponents(document, components, upstream);
    for (const [kind, entries] of Object.entries((own.components ?? {}) as Components)) {
      // As a spread of the new entries and then the known ones: a name already taken keeps its component.
      components.set(kind, new Map([...Object.entries(entries), ...(components.get(kind) ?? [])]));
    }
    let taggedWithService = false;
    for (const [path, item] of Object.entries(own.paths ?? {})) {
      if (proxyRouteFor(path)?.upstream !== upstream) continue;
      merged.paths[path] = tagUntaggedOperations(item as Record<string, unknown>, upstream, () => (taggedWithService = true));
    }
    const ownTags = [...(own.tags ?? []), ...(taggedWithService ? [{ name: upstream, description: own.info?.description }] : [])];
    for (const tag of ownTags) {
      if (!tags.some((known) => known.name === tag.name)) tags.push(tag);
    }
    included.push(`- **${upstream}**: ${own.info?.description || own.info?.title || upstream}`);
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

function tagUntaggedOperations(item: Record<string, unknown>, upstream: Upstream, onTagged: () => void): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([key, operation]) => {
      if (!METHODS.includes(key) || typeof operation !== 'object' || operation === null) return [key, operation];
      const tags = (operation as { tags?: string[] }).tags;
      if (tags && tags.length > 0) return [key, operation];
      onTagged();
      return [key, { ...operation, tags: [upstream] }];
    }),
  );
}
