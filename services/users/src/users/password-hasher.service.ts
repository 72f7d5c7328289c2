import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes), above OWASP's minimum. */
const HASH_OPTIONS = { type: argon2id } as const;

/** Hashes and checks passwords. A password never leaves this class except as its hash. */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** A hash of a random password, checked for unknown emails so that they take as long as a wrong password. */
  private dummyHash: string;

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hash(randomBytes(32).toString('base64url'), HASH_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return hash(password, HASH_OPTIONS);
  }

  /**
   * Whether `password` matches `passwordHash`. Without a hash (no such account)
   * it still runs one verification, against a dummy hash, and answers false.
   */
  async matches(passwordHash: string | undefined, password: string): Promise<boolean> {
    const matched = await verify(passwordHash ?? this.dummyHash, password);
    return passwordHash !== undefined && matched;
  }
}
