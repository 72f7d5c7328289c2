import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { JwtStrategy } from './jwt.strategy.js';
import { TokenKeys } from './token-keys.js';
import { SessionCheck, UserStandings } from './user-standing.js';

/** A provider without its token: `{ useFactory, inject }`, `{ useClass }`, `{ useExisting }` or `{ useValue }`. */
type ProviderRecipe = Omit<Extract<Provider, { provide: unknown }>, 'provide'>;

export interface AuthOptions {
  /** Where the keys that verify tokens come from: the users service's JWKS (`JwksTokenKeys`), or in users itself its own. */
  keys: ProviderRecipe;
  /** Where users' current standing is looked up (see SessionCheck). */
  standings: ProviderRecipe;
  /** How long a looked-up standing is reused, in ms (default 1 s; 0 in the users service, which owns them). */
  rememberStandingMs?: number;
}

/**
 * Makes `@SignedIn()` and `@AdminOnly()` work in a service, through @nestjs/passport: the JWT
 * strategy (passport-jwt) checks the token with the keys of `keys`, then the user's standing, and
 * `AuthGuard('jwt')` (JwtAuthGuard) and RolesGuard guard the routes.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [PassportModule],
      providers: [
        { ...options.keys, provide: TokenKeys } as Provider,
        { ...options.standings, provide: UserStandings } as Provider,
        {
          provide: SessionCheck,
          useFactory: (standings: UserStandings) => new SessionCheck(standings, options.rememberStandingMs),
          inject: [UserStandings],
        },
        JwtStrategy,
      ],
      // JwtAuthGuard and RolesGuard are made by Nest for each controller that names them, from these.
      exports: [PassportModule, TokenKeys, SessionCheck],
    };
  }
}
