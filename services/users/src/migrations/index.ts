import { eventBusMigrations } from '@shop/event-bus';
import { mailMigrations } from '@shop/mail';
import { RateLimitTable1765200000000 } from '@shop/service-kit';
import { UsersTables1764000000000 } from './1764000000000-users-tables.js';
import { SessionVersions1765000000000 } from './1765000000000-session-versions.js';
import { SigningKeyRotation1765100000000 } from './1765100000000-signing-key-rotation.js';
import { EmailSkeletons1765300000000 } from './1765300000000-email-skeletons.js';
import { PasswordResetTokens1768100000000 } from './1768100000000-password-reset-tokens.js';

/** Every migration of the users database, in order: the event bus tables first. */
export const usersMigrations = [
  ...eventBusMigrations,
  UsersTables1764000000000,
  SessionVersions1765000000000,
  SigningKeyRotation1765100000000,
  RateLimitTable1765200000000,
  EmailSkeletons1765300000000,
  ...mailMigrations,
  PasswordResetTokens1768100000000,
];
