import type { OpenAPIObject } from '@nestjs/swagger';
import { mergeOpenApiDocuments } from './merge-openapi.js';

const documentWith = (paths: Record<string, unknown>, schemas: Record<string, unknown>): OpenAPIObject =>
  ({ openapi: '3.0.0', info: { title: 't', version: '1' }, paths, components: { schemas } }) as OpenAPIObject;

const returning = (ref: string) => ({
  get: { tags: ['t'], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } } },
});

describe('mergeOpenApiDocuments', () => {
  it('shares a component two services define alike', () => {
    const error = { type: 'object', properties: { message: { type: 'string' } } };
    const merged = mergeOpenApiDocuments([
      { upstream: 'catalog', document: documentWith({ '/api/products': returning('#/components/schemas/ErrorBody') }, { ErrorBody: error }) },
      { upstream: 'users', document: documentWith({ '/api/users': returning('#/components/schemas/ErrorBody') }, { ErrorBody: error }) },
    ]);
    expect(merged.components?.schemas).toEqual({ ErrorBody: error });
  });

  it("renames a later service's component whose name is taken for something else, references included", () => {
    const product = { type: 'object', properties: { price: { type: 'number' } } };
    const orderLine = { type: 'object', properties: { qty: { type: 'integer' } } };
    const merged = mergeOpenApiDocuments([
      { upstream: 'catalog', document: documentWith({ '/api/products/{id}': returning('#/components/schemas/Item') }, { Item: product }) },
      { upstream: 'orders', document: documentWith({ '/api/orders/{id}': returning('#/components/schemas/Item') }, { Item: orderLine }) },
    ]);
    expect(merged.components?.schemas).toEqual({ Item: product, 'orders.Item': orderLine });
    const schemaOf = (path: string) =>
      (merged.paths[path].get?.responses[200] as { content: Record<string, { schema: unknown }> }).content['application/json'].schema;
    expect(schemaOf('/api/products/{id}')).toEqual({ $ref: '#/components/schemas/Item' });
    expect(schemaOf('/api/orders/{id}')).toEqual({ $ref: '#/components/schemas/orders.Item' });
  });

  it('keeps only the paths the gateway routes to the service that documents them', () => {
    const merged = mergeOpenApiDocuments([
      {
        upstream: 'catalog',
        document: documentWith({ '/api/products': returning('#/x'), '/api/users': returning('#/x'), '/ready': returning('#/x') }, {}),
      },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/api/products']);
  });

  it('tags untagged operations with their service and notes the services that did not answer', () => {
    const merged = mergeOpenApiDocuments([
      { upstream: 'users', document: documentWith({ '/api/users/login': { post: { responses: {} } } }, {}) },
      { upstream: 'orders' },
    ]);
    expect(merged.paths['/api/users/login'].post?.tags).toEqual(['users']);
    expect(merged.tags?.map((tag) => tag.name)).toEqual(['users']);
    expect(merged.info.description).toContain('did not answer: orders');
  });

  it("puts the gateway's own calls first, with the servers and the contact only the gateway knows", () => {
    const own = { ...documentWith({ '/api/health': returning('#/components/schemas/ErrorBody') }, { ErrorBody: { type: 'object' } }), tags: [{ name: 't', description: 'The gateway' }] };
    const merged = mergeOpenApiDocuments([{ upstream: 'catalog', document: documentWith({ '/api/products': returning('#/components/schemas/ErrorBody') }, { ErrorBody: { type: 'object' } }) }], own);
    expect(Object.keys(merged.paths)).toEqual(['/api/health', '/api/products']);
    expect(merged.components?.schemas).toEqual({ ErrorBody: { type: 'object' } });
    expect(merged.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(merged.info.contact?.name).toBeTruthy();
  });

  it('lists the tags its operations use, each with the description of the service that names it, and no other', () => {
    const withTags = (document: OpenAPIObject, tags: { name: string; description: string }[]) => ({ ...document, tags });
    const merged = mergeOpenApiDocuments([
      {
        upstream: 'users',
        document: withTags(documentWith({ '/api/users': returning('#/x'), '/.well-known/jwks.json': { get: { tags: ['keys'], responses: {} } } }, {}), [
          { name: 't', description: 'Accounts' },
          { name: 'keys', description: 'Not routed by the gateway' },
        ]),
      },
    ]);
    expect(merged.tags).toEqual([{ name: 't', description: 'Accounts' }]);
  });

  // The names come from the services' documents: one named as a property of every object must meet
  // only its own kind, neither be taken for a clash (renamed) nor set a prototype.
  describe.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('a component or kind named %s', (name) => {
    const error = { type: 'object', properties: { message: { type: 'string' } } };
    const thing = { type: 'object', properties: { size: { type: 'integer' } } };
    const ownKeysOf = (value: unknown) => Object.keys(value as object);

    it('is kept under its own name, its references as they were', () => {
      const merged = mergeOpenApiDocuments([
        { upstream: 'catalog', document: documentWith({ '/api/products': returning('#/components/schemas/ErrorBody') }, { ErrorBody: error }) },
        { upstream: 'orders', document: documentWith({ '/api/orders': returning(`#/components/schemas/${name}`) }, { [name]: thing }) },
      ]);
      const schemas = merged.components?.schemas as Record<string, unknown>;
      expect(ownKeysOf(schemas).sort()).toEqual(['ErrorBody', name].sort());
      expect(Object.getOwnPropertyDescriptor(schemas, name)?.value).toEqual(thing);
      expect(Object.getPrototypeOf(schemas)).toBe(Object.prototype);
      const answer = merged.paths['/api/orders'].get?.responses[200] as { content: Record<string, { schema: unknown }> };
      expect(answer.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${name}` });
    });

    it('is a kind of components of its own, beside the schemas', () => {
      const document = documentWith({ '/api/orders': returning('#/components/schemas/ErrorBody') }, { ErrorBody: error });
      const merged = mergeOpenApiDocuments([
        { upstream: 'catalog', document: documentWith({}, { ErrorBody: error }) },
        { upstream: 'orders', document: { ...document, components: { ...document.components, [name]: { Thing: thing } } } },
      ]);
      const components = merged.components as Record<string, unknown>;
      expect(ownKeysOf(components)).toEqual(['schemas', name]);
      expect(Object.getOwnPropertyDescriptor(components, name)?.value).toEqual({ Thing: thing });
      expect(Object.getPrototypeOf(components)).toBe(Object.prototype);
      expect(components.schemas).toEqual({ ErrorBody: error });
    });
  });
});

