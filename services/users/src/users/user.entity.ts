import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shop account. The email is kept normalised, beside its skeleton; the password only as an argon2id hash. */
@Entity('app_user')
export class User {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 100 })
  name: string;

  /** NFKC, lower case, the domain in its IDNA ASCII form (`normalEmail`). */
  @Column('varchar', { length: 254 })
  email: string;

  /**
   * What the email looks like (`skeletonOf`), unique: no two accounts have emails that pass for
   * each other. Null only for accounts made before the rule whose email looks like an older one's.
   */
  @Column('text', { name: 'email_skeleton', nullable: true })
  emailSkeleton: string | null;

  /** Never loaded unless asked for by name (`select`), so it cannot slip into an answer. */
  @Column('text', { name: 'password_hash', select: false })
  passwordHash: string;

  @Column('boolean', { name: 'is_admin' })
  isAdmin: boolean;

  /** Grows when the user signs out or changes their password: tokens with a smaller one are refused. */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
