import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AdminGuard, SignedInGuard } from './guards.js';
import { TokenVerifier } from './token-verifier.js';
import { SessionCheck, UserStandings } from './user-standing.js';

/** A provider without its token: `{ useFactory, inject }`, `{ useClass }` or `{ useValue }`. */
type ProviderRecipe = Omit<Extract<Provider, { provide: unknown }>, 'provide'>;

export interface AuthOptions {
  /** How tokens are verified: with the users service's published keys, or (in users itself) its own. */
  verifier: ProviderRecipe;
  /** Where users' current standing is looked up (see SessionCheck). */
  standings: ProviderRecipe;
  /** How long a looked-up standing is reused, in ms (default 1 s; 0 in the users service, which owns them). */
  rememberStandingMs?: number;
}

/**
 * Makes `@SignedIn()` and `@AdminOnly()` work in a service: a token must be
 * valid, and its user's session still open, with the rights they have now.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { ...options.verifier, provide: TokenVerifier } as Provider,
        { ...options.standings, provide: UserStandings } as Provider,
        {
          provide: SessionCheck,
          useFactory: (standings: UserStandings) => new SessionCheck(standings, options.rememberStandingMs),
          inject: [UserStandings],
        },
        SignedInGuard,
        AdminGuard,
      ],
      exports: [TokenVerifier, SessionCheck, SignedInGuard, AdminGuard],
    };
  }
}
