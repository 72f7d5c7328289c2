import { createPrivateKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, ServiceUnavailableException, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { Repository } from 'typeorm';
import { isDatabaseUnavailable, KEYS_UNAVAILABLE, SERVICE_CONFIG, TokenKeys } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { newPrivateKeyPem, signsTokens, tokenKeyPairOf, type PublicJwk, type TokenKeyPair } from './es256.js';
import { isSealed, openPrivateKey, sealPrivateKey } from './key-encryption.js';
import { SigningKey } from './signing-key.entity.js';

/** The public keys document of `/.well-known/jwks.json`. */
export interface JsonWebKeySet {
  keys: PublicJwk[];
}

/** How often a replica rereads the keys, so that a rotation by another replica or the CLI reaches it. */
const REREAD_MS = 30_000;
/** A token with a key id this replica does not know makes it reread the keys, at most this often. */
const REREAD_ON_UNKNOWN_KID_MS = 1_000;

/** A stored key, opened. */
interface StoredKey {
  row: SigningKey;
  pem: string;
  privateKey: KeyObject;
}

/**
 * The users service's signing keys (ES256, P-256): JWT_PRIVATE_KEY when set, otherwise the keys of
 * the `signing_key` table.
 *
 * - The first start generates the active key. Replicas starting together on an empty table each
 *   generate one, but only one insert wins (a unique index admits one active key) and every
 *   replica then uses the winner's.
 * - A table whose active key is an Ed25519 key of an earlier version (EdDSA tokens, which nothing
 *   verifies now) gets a new ES256 key the same way, and the Ed25519 keys are deleted: the tokens they
 *   signed fail everywhere, so their holders sign in again once (docs/decisions.md, "Tokens:
 *   @nestjs/jwt and @nestjs/passport").
 * - With SIGNING_KEY_SECRET the private keys are stored sealed (AES-256-GCM, key-encryption.ts); a
 *   key stored in the clear before the secret was set is sealed in place at the next start.
 * - `rotate()` (the operator's `keys.js rotate`) retires the active key and makes a new one. A
 *   retired key is still published, and still verifies the service's own tokens, for TOKEN_TTL, so
 *   the sessions it signed live out their time; after that it is deleted. Replicas reread the keys
 *   every 30 s, and at once when a token names a key they do not know.
 *
 * As the service's TokenKeys, it gives passport-jwt the published key a token names, without a
 * fetch of the service's own JWKS.
 */
@Injectable()
export class SigningKeys extends TokenKeys implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SigningKeys');
  private current?: TokenKeyPair;
  private published: PublicJwk[] = [];
  private byKid = new Map<string, KeyObject>();
  private lastRead = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @InjectRepository(SigningKey) private readonly keys: Repository<SigningKey>,
    private readonly jwt: JwtService,
  ) {
    super();
  }

  async onModuleInit(): Promise<void> {
    if (this.config.JWT_PRIVATE_KEY) {
      this.use(tokenKeyPairOf(this.config.JWT_PRIVATE_KEY), []);
      this.logger.log(`signing tokens with the key of JWT_PRIVATE_KEY (kid ${this.active().kid})`);
      return;
    }
    await this.read();
    this.logger.log(`signing tokens with the stored key (kid ${this.active().kid}${this.config.SIGNING_KEY_SECRET ? ', sealed at rest' : ''})`);
    this.timer = setInterval(() => void this.reread(), REREAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The key that signs tokens now. */
  active(): TokenKeyPair {
    if (!this.current) throw new Error('SigningKeys used before module init');
    return this.current;
  }

  /** The public keys other services verify tokens with: the active key and those retired less than TOKEN_TTL ago. */
  jwks(): JsonWebKeySet {
    return { keys: this.published };
  }

  /**
   * passport-jwt's key for a token: the published key its `kid` names (a KeyObject, which
   * jsonwebtoken takes as it takes a PEM), or none. An unknown key id first rereads the keys, at most
   * once a second; keys that cannot be reread answer 503.
   */
  readonly secretOrKeyProvider = (_req: Request, rawJwt: string, done: (error: unknown, key?: string | Buffer) => void): void => {
    this.publicKeyNamedBy(rawJwt).then(
      (key) => done(null, key as unknown as Buffer | undefined),
      (error: unknown) => done(isDatabaseUnavailable(error) ? error : new ServiceUnavailableException(KEYS_UNAVAILABLE, { cause: error })),
    );
  };

  /**
   * Retires the active key and makes a new one that signs from now on (the retired key stays
   * published for TOKEN_TTL); keys retired longer ago than that are deleted. Answers the new key id.
   */
  async rotate(): Promise<string> {
    if (this.config.JWT_PRIVATE_KEY) throw new Error('the signing key is JWT_PRIVATE_KEY: rotate it by changing that setting');
    const pem = newPrivateKeyPem();
    const next = tokenKeyPairOf(pem);
    await this.keys.manager.transaction(async (manager) => {
      await manager.query(`UPDATE signing_key SET active = false, retired_at = now() WHERE active`);
      await manager.query(`DELETE FROM signing_key WHERE retired_at < now() - make_interval(secs => $1)`, [this.config.TOKEN_TTL]);
      await manager.query(`INSERT INTO signing_key (kid, private_key, active, created_at) VALUES ($1, $2, true, now())`, [
        next.kid,
        this.stored(pem, next.kid),
      ]);
    });
    await this.read();
    this.logger.log(`rotated the signing key: ${next.kid} signs from now on`);
    return next.kid;
  }

  private async publicKeyNamedBy(token: string): Promise<KeyObject | undefined> {
    const kid: unknown = this.jwt.decode<unknown>(token, { complete: true })?.header.kid;
    if (typeof kid !== 'string') return undefined;
    const known = this.byKid.get(kid);
    if (known || this.config.JWT_PRIVATE_KEY || Date.now() - this.lastRead < REREAD_ON_UNKNOWN_KID_MS) return known;
    await this.read();
    return this.byKid.get(kid);
  }

  private async reread(): Promise<void> {
    try {
      await this.read();
    } catch (error) {
      this.logger.warn(`signing keys not reread, keeping the ones known: ${(error as Error).message}`);
    }
  }

  /**
   * Reads the active key and the retired keys still published; makes the active key on the very first
   * start, and on the first start over an Ed25519 key of an earlier version.
   */
  private async read(): Promise<void> {
    this.lastRead = Date.now();
    let stored = await this.storedKeys();
    if (!stored.some(({ row, privateKey }) => row.active && signsTokens(privateKey))) {
      const made = await this.makeActiveKey(stored.filter(({ privateKey }) => !signsTokens(privateKey)).map(({ row }) => row.kid));
      stored = await this.storedKeys();
      if (stored.some(({ row }) => row.active && row.kid === made)) this.logger.log('generated a new signing key and stored it in the users database');
    }
    const pairs = stored.filter(({ privateKey }) => signsTokens(privateKey)).map(({ row, pem }) => ({ row, pair: tokenKeyPairOf(pem) }));
    const active = pairs.find(({ row }) => row.active);
    if (!active) throw new Error('no active signing key in the users database');
    this.use(
      active.pair,
      pairs.filter(({ row }) => !row.active).map(({ pair }) => pair),
    );
  }

  /**
   * Stores a new active key unless another replica's insert wins meanwhile (the unique index admits
   * one active key), deleting the `outdated` Ed25519 keys in the same transaction. Answers its key id.
   */
  private async makeActiveKey(outdated: string[]): Promise<string> {
    const pem = newPrivateKeyPem();
    const made = tokenKeyPairOf(pem);
    const deleted = await this.keys.manager.transaction(async (manager) => {
      const gone: { kid: string }[] = outdated.length > 0 ? await manager.query(`DELETE FROM signing_key WHERE kid = ANY($1) RETURNING kid`, [outdated]) : [];
      await manager.query(`INSERT INTO signing_key (kid, private_key, active, created_at) VALUES ($1, $2, true, now()) ON CONFLICT DO NOTHING`, [
        made.kid,
        this.stored(pem, made.kid),
      ]);
      return gone.map((row) => row.kid);
    });
    if (deleted.length > 0) {
      this.logger.warn(
        `deleted the Ed25519 signing keys of an earlier version (${deleted.join(', ')}): the EdDSA tokens they signed no longer verify, so their holders sign in again once`,
      );
    }
    return made.kid;
  }

  private async storedKeys(): Promise<StoredKey[]> {
    const rows = await this.keys.query<SigningKey[]>(
      `SELECT kid, private_key AS "privateKey", active, created_at AS "createdAt", retired_at AS "retiredAt" FROM signing_key
       WHERE active OR retired_at >= now() - make_interval(secs => $1)
       ORDER BY active DESC, retired_at DESC`,
      [this.config.TOKEN_TTL],
    );
    return Promise.all(
      rows.map(async (row) => {
        const pem = await this.opened(row);
        return { row, pem, privateKey: createPrivateKey({ key: pem, format: 'pem' }) };
      }),
    );
  }

  /** The PEM of a stored key; one stored in the clear is sealed in place when a secret is set. */
  private async opened(row: SigningKey): Promise<string> {
    const pem = openPrivateKey(row.privateKey, this.config.SIGNING_KEY_SECRET, row.kid);
    if (!isSealed(row.privateKey) && this.config.SIGNING_KEY_SECRET) {
      await this.keys.query(`UPDATE signing_key SET private_key = $2 WHERE kid = $1 AND private_key = $3`, [
        row.kid,
        this.stored(pem, row.kid),
        row.privateKey,
      ]);
      this.logger.log(`sealed the stored signing key ${row.kid} with SIGNING_KEY_SECRET`);
    }
    return pem;
  }

  /** How a private key is stored: sealed with SIGNING_KEY_SECRET when set. */
  private stored(pem: string, kid: string): string {
    return this.config.SIGNING_KEY_SECRET ? sealPrivateKey(pem, this.config.SIGNING_KEY_SECRET, kid) : pem;
  }

  private use(active: TokenKeyPair, retired: TokenKeyPair[]): void {
    if (this.current && this.current.kid !== active.kid) this.logger.log(`signing tokens with key ${active.kid} from now on`);
    this.current = active;
    this.published = [active, ...retired].map((pair) => pair.publicJwk);
    this.byKid = new Map([active, ...retired].map((pair) => [pair.kid, pair.publicKey]));
  }
}
