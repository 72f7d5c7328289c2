import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { Controller, Get, HttpException, Logger as NestLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, PinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { loggingModule, requestIdOf } from './logging.js';

const requestWith = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a well-formed request id from the gateway', () => {
    expect(requestIdOf(requestWith('0b7c3e9a-1f2d-4c5b-8a9e-123456789abc'))).toBe('0b7c3e9a-1f2d-4c5b-8a9e-123456789abc');
  });

  it('replaces a missing or malformed one with a new uuid', () => {
    for (const bad of [undefined, '', 'short', 'has spaces in it', 'x'.repeat(65), 'evil\nline-injection']) {
      expect(requestIdOf(requestWith(bad))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives the id the logs gave the request, so a replaced one is the same wherever it is asked for', () => {
    const req = Object.assign(requestWith('bad id'), { id: '7d0f6c1e-0000-4000-8000-000000000000' });
    expect(requestIdOf(req)).toBe('7d0f6c1e-0000-4000-8000-000000000000');
  });
});

/** A log destination keeping every line, parsed. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

@Controller()
class SpecController {
  private readonly logger = new NestLogger('Spec');

  @Get('work')
  async work(): Promise<{ done: true }> {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.logger.warn('something to look at');
    return { done: true };
  }

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('broken')
  broken(): never {
    throw new HttpException('Service unavailable', 503);
  }
}

describe('loggingModule', () => {
  const { lines, stream } = logLines();
  let app: NestExpressApplication;
  let root: PinoLogger['logger'];

  @Module({ imports: [loggingModule('spec', 'info', stream)], controllers: [SpecController] })
  class SpecModule {}

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(SpecModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    await app.init();
    root = PinoLogger.root;
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    lines.length = 0;
    root.level = 'info';
  });

  const requestLines = () => lines.filter((line) => typeof line.req === 'object');
  const flushed = () => new Promise((resolve) => setImmediate(resolve));

  it('writes one line per request at info: id, method, URL, status and time', async () => {
    const res = await request(app.getHttpServer()).get('/work?page=2').expect(200);
    await flushed();
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'spec',
        requestId: id,
        req: { method: 'GET', url: '/work?page=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
    ]);
  });

  it("puts the request's id on every line logged while it is handled", async () => {
    const res = await request(app.getHttpServer()).get('/work').set('X-Request-Id', 'trace-0123456789').expect(200);
    await flushed();
    expect(res.headers['x-request-id']).toBe('trace-0123456789');
    expect(lines.find((line) => line.msg === 'something to look at')).toMatchObject({ level: 40, context: 'Spec', requestId: 'trace-0123456789' });
  });

  it('never writes tokens or cookies', async () => {
    await request(app.getHttpServer()).get('/work').set('Authorization', 'Bearer secret.token').set('Cookie', 'session=secret-cookie').expect(200);
    await flushed();
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it('says when a request failed on the server side', async () => {
    await request(app.getHttpServer()).get('/broken').expect(503);
    await flushed();
    expect(requestLines()).toEqual([expect.objectContaining({ res: { statusCode: 503 }, msg: 'request errored' })]);
  });

  it('writes no line for the probes', async () => {
    await request(app.getHttpServer()).get('/health').expect(200);
    await flushed();
    expect(requestLines()).toEqual([]);
  });

  it('does nothing per request above info: no line, no child logger, yet warnings keep the id', async () => {
    root.level = 'warn';
    const child = jest.spyOn(root, 'child');
    try {
      const res = await request(app.getHttpServer()).get('/work').expect(200);
      await flushed();
      expect(requestLines()).toEqual([]);
      expect(lines).toEqual([expect.objectContaining({ msg: 'something to look at', requestId: res.headers['x-request-id'] })]);
      expect(child).not.toHaveBeenCalled();
    } finally {
      child.mockRestore();
    }
  });

  it('keeps lines outside a request free of any request id', async () => {
    app.get(Logger).warn('between requests', 'Spec');
    await flushed();
    expect(lines).toEqual([expect.not.objectContaining({ requestId: expect.anything() })]);
  });
});
