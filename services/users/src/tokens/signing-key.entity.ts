import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A key the users service signs tokens with, kept so that tokens survive restarts. */
@Entity('signing_key')
export class SigningKey {
  /** The key id (`kid`): the RFC 7638 thumbprint of its public key. */
  @PrimaryColumn('text')
  kid: string;

  /** The P-256 private key (ES256), PKCS8 PEM, sealed with SIGNING_KEY_SECRET when that is set (see key-encryption.ts). */
  @Column('text', { name: 'private_key' })
  privateKey: string;

  /** Whether this key signs new tokens (at most one is). */
  @Column('boolean')
  active: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  /** When a rotation retired it; it stays in the JWKS for TOKEN_TTL after that. */
  @Column('timestamptz', { name: 'retired_at', nullable: true })
  retiredAt: Date | null;
}
