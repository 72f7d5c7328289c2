import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { calculateJwkThumbprint, createLocalJWKSet, errors, type JWK, type JWTVerifyGetKey } from 'jose';
import type { Repository } from 'typeorm';
import { TOKEN_ALGORITHM } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { isSealed, openPrivateKey, sealPrivateKey } from './key-encryption.js';
import { SigningKey } from './signing-key.entity.js';

/** The key pair tokens are signed with, and its public half as published in the JWKS. */
export interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

/** The public keys document of `/.well-known/jwks.json`. */
export interface JsonWebKeySet {
  keys: JWK[];
}

/** How often a replica rereads the keys, so that a rotation by another replica or the CLI reaches it. */
const REREAD_MS = 30_000;
/** A token with a key id this replica does not know makes it reread the keys, at most this often. */
const REREAD_ON_UNKNOWN_KID_MS = 1_000;

async function activeKeyOf(privateKeyPem: string): Promise<ActiveKey> {
  const privateKey = createPrivateKey({ key: privateKeyPem, format: 'pem' });
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, crv, x });
  return { kid, privateKey, publicKey, publicJwk: { kty, crv, x, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

const newPrivateKeyPem = (): string => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/**
 * The users service's signing keys: JWT_PRIVATE_KEY when set, otherwise the keys of the
 * `signing_key` table.
 *
 * - The first start generates the active key. Replicas starting together on an empty table each
 *   generate one, but only one insert wins (a unique index admits one active key) and every
 *   replica then uses the winner's.
 * - With SIGNING_KEY_SECRET the private keys are stored sealed (AES-256-GCM, key-encryption.ts); a
 *   key stored in the clear before the secret was set is sealed in place at the next start.
 * - `rotate()` (the operator's `keys.js rotate`) retires the active key and makes a new one. A
 *   retired key is still published, and still verifies the service's own tokens, for TOKEN_TTL, so
 *   the sessions it signed live out their time; after that it is deleted. Replicas reread the keys
 *   every 30 s, and at once when a token names a key they do not know.
 */
@Injectable()
export class SigningKeys implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SigningKeys');
  private current?: ActiveKey;
  private published: JWK[] = [];
  private keySet: JWTVerifyGetKey = createLocalJWKSet({ keys: [] });
  private lastRead = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @InjectRepository(SigningKey) private readonly keys: Repository<SigningKey>,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.JWT_PRIVATE_KEY) {
      this.use(await activeKeyOf(this.config.JWT_PRIVATE_KEY), []);
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
  active(): ActiveKey {
    if (!this.current) throw new Error('SigningKeys used before module init');
    return this.current;
  }

  /** The public keys other services verify tokens with: the active key and those retired less than TOKEN_TTL ago. */
  jwks(): JsonWebKeySet {
    return { keys: this.published };
  }

  /** Picks the published key a token names (the service's own verifier); an unknown key id first rereads the keys. */
  readonly verificationKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await this.keySet(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || this.config.JWT_PRIVATE_KEY) throw error;
      if (Date.now() - this.lastRead < REREAD_ON_UNKNOWN_KID_MS) throw error;
      await this.read();
      return this.keySet(header, token);
    }
  };

  /**
   * Retires the active key and makes a new one that signs from now on (the retired key stays
   * published for TOKEN_TTL); keys retired longer ago than that are deleted. Answers the new key id.
   */
  async rotate(): Promise<string> {
    if (this.config.JWT_PRIVATE_KEY) throw new Error('the signing key is JWT_PRIVATE_KEY: rotate it by changing that setting');
    const pem = newPrivateKeyPem();
    const next = await activeKeyOf(pem);
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

  private async reread(): Promise<void> {
    try {
      await this.read();
    } catch (error) {
      this.logger.warn(`signing keys not reread, keeping the ones known: ${(error as Error).message}`);
    }
  }

  /** Reads the active key (generating it on the very first start) and the retired keys still published. */
  private async read(): Promise<void> {
    this.lastRead = Date.now();
    let rows = await this.publishedRows();
    if (!rows.some((row) => row.active)) {
      const pem = newPrivateKeyPem();
      const generated = await activeKeyOf(pem);
      await this.keys.query(
        `INSERT INTO signing_key (kid, private_key, active, created_at) VALUES ($1, $2, true, now()) ON CONFLICT DO NOTHING`,
        [generated.kid, this.stored(pem, generated.kid)],
      );
      rows = await this.publishedRows();
      if (rows.some((row) => row.active && row.kid === generated.kid)) this.logger.log('generated a new signing key and stored it in the users database');
    }
    const keys = await Promise.all(rows.map(async (row) => ({ row, key: await activeKeyOf(await this.opened(row)) })));
    const active = keys.find(({ row }) => row.active);
    if (!active) throw new Error('no active signing key in the users database');
    this.use(
      active.key,
      keys.filter(({ row }) => !row.active).map(({ key }) => key.publicJwk),
    );
  }

  private publishedRows(): Promise<SigningKey[]> {
    return this.keys.query(
      `SELECT kid, private_key AS "privateKey", active, created_at AS "createdAt", retired_at AS "retiredAt" FROM signing_key
       WHERE active OR retired_at >= now() - make_interval(secs => $1)
       ORDER BY active DESC, retired_at DESC`,
      [this.config.TOKEN_TTL],
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

  private use(active: ActiveKey, retired: JWK[]): void {
    if (this.current && this.current.kid !== active.kid) this.logger.log(`signing tokens with key ${active.kid} from now on`);
    this.current = active;
    this.published = [active.publicJwk, ...retired];
    this.keySet = createLocalJWKSet({ keys: this.published });
  }
}
