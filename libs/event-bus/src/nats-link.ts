import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { credsAuthenticator, nanos, type ConnectionOptions } from '@nats-io/nats-core';
import { Readiness } from '@shop/service-kit';
import { EVENT_BUS_OPTIONS, streamNameOf, type EventBusOptions } from './options.js';

export interface JetStreamContext {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/**
 * Creates the instance's stream when it is missing; safe when several services
 * race to. It sets no `max_bytes`: on a JetStream server a stream's byte limit
 * is storage reserved up front from the server's (or account's) store, so 8 GiB
 * per instance made the eighth instance on one server fail with "insufficient
 * storage resources". Without one, a stream takes only what it holds; the
 * operator bounds the store (the server's or the account's `max_file_store`).
 * A stream made by an earlier version loses its reservation here.
 */
export async function ensureStream(jsm: JetStreamManager, prefix: string, replicas = 1): Promise<void> {
  const name = streamNameOf(prefix);
  const existing = await jsm.streams.info(name).catch(() => undefined);
  if (existing) {
    // Older streams reserved storage; a changed STREAM_REPLICAS changes the copies kept (JetStream moves them).
    if (existing.config.max_bytes > 0 || existing.config.num_replicas !== replicas) {
      await jsm.streams.update(name, { ...existing.config, max_bytes: -1, num_replicas: replicas });
    }
    return;
  }
  try {
    await jsm.streams.add({
      name,
      subjects: [`${prefix}.>`],
      storage: StorageType.File,
      num_replicas: replicas,
      // No age limit: a service whose database is new (a new replica set, a restore) rebuilds its
      // copies of other services' data from the whole history.
      duplicate_window: nanos(2 * 60 * 1000),
    });
  } catch (error) {
    await jsm.streams.info(name).catch(() => {
      throw error;
    });
  }
}

/**
 * The service's connection to NATS. It is made in the background and retried
 * for ever: a service whose NATS is down still serves what needs no events,
 * reports itself not ready, and catches up when NATS is back.
 */
@Injectable()
export class NatsLink implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Nats');
  private context?: Promise<JetStreamContext>;
  private connection?: NatsConnection;
  private connected = false;
  private closing = false;
  /** Why the stream is not there yet, while it is not. */
  private streamProblem: string | undefined = 'the event stream is not set up yet';

  constructor(
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
    private readonly readiness: Readiness,
  ) {}

  onModuleInit(): void {
    this.readiness.register('nats', async () => {
      if (!this.connected) throw new Error('NATS is not connected');
      if (this.streamProblem) throw new Error(this.streamProblem);
    });
    this.context = this.open();
    this.context.catch((error: unknown) => {
      if (!this.closing) this.logger.error(`NATS set-up failed: ${String(error)}`);
    });
  }

  /** Resolves once connected and the stream exists. */
  ready(): Promise<JetStreamContext> {
    if (!this.context) throw new Error('NatsLink used before module init');
    return this.context;
  }

  isConnected(): boolean {
    return this.connected;
  }

  private async open(): Promise<JetStreamContext> {
    const { natsUrl, prefix, service } = this.options;
    const nc = await this.connectWithRetry(natsUrl, `${prefix}-${service}`);
    this.connected = true;
    this.logger.log(`connected to NATS at ${natsUrl}`);
    void this.watch(nc);
    const jsm = await jetstreamManager(nc);
    await this.ensureStreamWithRetry(jsm, prefix);
    return { nc, js: jetstream(nc), jsm };
  }

  /** Sets the stream up, trying again (1 s doubling to 30 s) while JetStream refuses; /ready says why meanwhile. */
  private async ensureStreamWithRetry(jsm: JetStreamManager, prefix: string): Promise<void> {
    let delay = 1_000;
    for (;;) {
      try {
        await ensureStream(jsm, prefix, this.options.streamReplicas ?? 1);
        this.streamProblem = undefined;
        return;
      } catch (error) {
        if (this.closing) throw error;
        const message = error instanceof Error ? error.message : String(error);
        if (this.streamProblem !== `the event stream cannot be created: ${message}`) this.logger.error(`the event stream cannot be created (${message}); retrying`);
        this.streamProblem = `the event stream cannot be created: ${message}`;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(30_000, delay * 2);
      }
    }
  }

  /** The connect options that sign the service in: user and password, or a credentials file read at each (re)connect. */
  private signIn(): Pick<ConnectionOptions, 'user' | 'pass' | 'authenticator'> {
    const { user, password, credsFile } = this.options.natsAuth ?? {};
    if (credsFile) return { authenticator: credsAuthenticator(() => readFileSync(credsFile)) };
    return user ? { user, pass: password } : {};
  }

  /** Tries to connect every second until it succeeds or the service stops. */
  private async connectWithRetry(servers: string, name: string): Promise<NatsConnection> {
    let warned = false;
    for (;;) {
      if (this.closing) throw new Error('service stopped before NATS was reached');
      try {
        const nc = await connect({
          servers: servers.split(',').map((server) => server.trim()),
          name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
          // Without it, every JetStream publish and pull builds an Error up front only to give a timeout a
          // longer trace: ~4 % of orders' and catalog's CPU under the order bench (issue 23's profile).
          noAsyncTraces: true,
          ...this.signIn(),
        });
        this.connection = nc;
        if (this.closing) {
          await nc.close();
          throw new Error('service stopped while connecting to NATS');
        }
        return nc;
      } catch (error) {
        if (this.closing) throw error;
        if (!warned) this.logger.warn(`NATS at ${servers} is not reachable (${String(error)}); retrying every second`);
        warned = true;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.logger.warn('disconnected from NATS; retrying');
      } else if (status.type === 'reconnect') {
        this.connected = true;
        this.logger.log('reconnected to NATS');
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    this.connected = false;
    if (this.connection && !this.connection.isClosed()) await this.connection.drain().catch(() => undefined);
  }
}
