import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Repository } from 'typeorm';
import { TOKEN_ALGORITHM } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
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

async function activeKeyOf(privateKeyPem: string): Promise<ActiveKey> {
  const privateKey = createPrivateKey({ key: privateKeyPem, format: 'pem' });
  const publicKey = createPublicKey(privateKey);
  const { kty, crv, x } = publicKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty, crv, x });
  return { kid, privateKey, publicKey, publicJwk: { kty, crv, x, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

/**
 * The users service's signing key: JWT_PRIVATE_KEY when set, otherwise the
 * active key of the `signing_key` table, generated and stored on the very
 * first start. Replicas starting together on an empty table each generate a
 * key, but only one insert wins (a unique index admits one active key) and
 * every replica then uses the winner's.
 */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private readonly logger = new Logger('SigningKeys');
  private current?: ActiveKey;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
    @InjectRepository(SigningKey) private readonly keys: Repository<SigningKey>,
  ) {}

  async onModuleInit(): Promise<void> {
    if (this.config.JWT_PRIVATE_KEY) {
      this.current = await activeKeyOf(this.config.JWT_PRIVATE_KEY);
      this.logger.log(`signing tokens with the key of JWT_PRIVATE_KEY (kid ${this.current.kid})`);
    } else {
      this.current = await this.storedKey();
      this.logger.log(`signing tokens with the stored key (kid ${this.current.kid})`);
    }
  }

  /** The key that signs tokens now. */
  active(): ActiveKey {
    if (!this.current) throw new Error('SigningKeys used before module init');
    return this.current;
  }

  /** The public keys other services verify tokens with. */
  jwks(): JsonWebKeySet {
    return { keys: [this.active().publicJwk] };
  }

  private async storedKey(): Promise<ActiveKey> {
    const stored = await this.keys.findOneBy({ active: true });
    if (stored) return activeKeyOf(stored.privateKey);
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const generated = await activeKeyOf(pem);
    await this.keys.query(
      `INSERT INTO signing_key (kid, private_key, active, created_at) VALUES ($1, $2, true, now()) ON CONFLICT DO NOTHING`,
      [generated.kid, pem],
    );
    const winner = await this.keys.findOneByOrFail({ active: true });
    if (winner.kid === generated.kid) {
      this.logger.log('generated a new signing key and stored it in the users database');
      return generated;
    }
    return activeKeyOf(winner.privateKey);
  }
}
