import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { AdminGuard, SignedInGuard } from './guards.js';
import { TokenVerifier } from './token-verifier.js';

/**
 * Makes `@SignedIn()` and `@AdminOnly()` work in a service. The service says
 * how tokens are verified: with the users service's published keys, or (in the
 * users service itself) with its own key.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(verifier: Omit<Extract<Provider, { provide: unknown }>, 'provide'>): DynamicModule {
    const verifierProvider = { ...verifier, provide: TokenVerifier } as Provider;
    return {
      module: AuthModule,
      providers: [verifierProvider, SignedInGuard, AdminGuard],
      exports: [TokenVerifier, SignedInGuard, AdminGuard],
    };
  }
}
