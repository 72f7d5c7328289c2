/**
 * Images in an S3-compatible bucket (IMAGE_BUCKET): two catalog replicas share it, the database holds
 * none of them, and a bucket the catalog cannot use stops it at start with a message that says why.
 * The bucket is served by s3rver, an S3-compatible server, on a free port with a folder of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import request from 'supertest';
import { ConfigError } from '@shop/service-kit';
import { loadCatalogConfig } from '../src/config.js';
import { startCatalog, type TestCatalog } from './support/catalog-app.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const BUCKET = 'shop-images';
const KEYS = { IMAGE_BUCKET_ACCESS_KEY_ID: 'S3RVER', IMAGE_BUCKET_SECRET_ACCESS_KEY: 'S3RVER' };

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('images in an S3-compatible bucket', () => {
  let server: S3rver;
  let storeDir: string;
  let endpoint: string;
  let first: TestCatalog;
  let second: TestCatalog;

  beforeAll(async () => {
    storeDir = mkdtempSync(join(tmpdir(), 'shop-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storeDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    const bucket = { IMAGE_BUCKET: BUCKET, IMAGE_BUCKET_ENDPOINT: endpoint, ...KEYS };
    first = await startCatalog(bucket);
    second = await startCatalog(bucket, { prefix: first.prefix });
  });

  afterAll(async () => {
    await second?.close({ keepData: true });
    await first?.close();
    await server?.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  it('stores an upload in the bucket, under the instance prefix, and any replica serves it', async () => {
    const uploaded = await request(first.http).post('/api/upload').set(first.admin).attach('image', PNG, 'photo.png').expect(201);
    const name = uploaded.text.replace('/uploads/', '');

    const served = await binary(request(second.http).get(uploaded.text)).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    // The upload written again without metadata (uploads.e2e-spec.ts, "what a photo hides"): the same PNG.
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    // In the bucket, not in the database.
    const object = await fetch(`${endpoint}/${BUCKET}/${first.prefix}/images/${name}`);
    expect(object.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await object.arrayBuffer()), served.body as Buffer)).toBe(0);
    // Its resized copies beside it, served by any replica.
    const copy = name.replace('.png', '-w320.avif');
    expect((await fetch(`${endpoint}/${BUCKET}/${first.prefix}/images/${copy}`)).status).toBe(200);
    const servedCopy = await binary(request(second.http).get(`/uploads/${copy}`)).expect(200);
    expect(servedCopy.headers['content-type']).toBe('image/avif');
    expect(await first.dataSource.query(`SELECT name FROM stored_image`)).toEqual([]);
  });

  it("keeps the shop's own images there too, and answers 404 for a name it does not have", async () => {
    const sample = await binary(request(second.http).get('/uploads/sample.svg')).expect(200);
    expect(sample.headers['content-type']).toBe('image/svg+xml');
    expect((await fetch(`${endpoint}/${BUCKET}/${first.prefix}/images/sample.svg`)).status).toBe(200);
    const missing = await request(first.http).get('/uploads/6d0f3a52-4a4b-4c8e-9d61-2f1ad1b0c9aa.png').expect(404);
    expect(missing.body).toEqual({ message: 'Image not found' });
  });

  it('does not start on a bucket that does not exist, and says so', async () => {
    await expect(startCatalog({ IMAGE_BUCKET: 'no-such-bucket', IMAGE_BUCKET_ENDPOINT: endpoint, ...KEYS })).rejects.toThrow(
      `cannot use bucket no-such-bucket at ${endpoint} for images: it does not exist`,
    );
  });

  it('refuses settings that cannot work together, naming each', () => {
    const load = (env: Record<string, string>) => {
      try {
        loadCatalogConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(load({ IMAGE_BUCKET: BUCKET, IMAGE_BUCKET_ACCESS_KEY_ID: 'key' })).toEqual(['IMAGE_BUCKET_SECRET_ACCESS_KEY: must be set with IMAGE_BUCKET_ACCESS_KEY_ID']);
    expect(load({ IMAGE_BUCKET_ENDPOINT: endpoint })).toEqual(['IMAGE_BUCKET: must name the bucket when IMAGE_BUCKET_ENDPOINT or an access key is set']);
    expect(load({ IMAGE_BUCKET: 'Not_A_Bucket' })).toEqual(['IMAGE_BUCKET: must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens']);
    expect(load({ IMAGE_BUCKET: BUCKET })).toEqual([]);
  });
});
