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
});
