import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { JwksController } from './jwks.controller.js';
import { SigningKey } from './signing-key.entity.js';
import { SigningKeys } from './signing-keys.service.js';
import { TokenIssuer } from './token-issuer.service.js';

/**
 * Sign-in tokens: the signing keys, the issuer (@nestjs/jwt's JwtService with the shop's sign
 * options; the key is the active one at each signing), and the published public keys. Global,
 * because the service's own token checks (service-kit's AuthModule) take their keys from SigningKeys.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([SigningKey]),
    JwtModule.registerAsync({
      inject: [SERVICE_CONFIG],
      useFactory: (config: UsersConfig) => ({
        signOptions: { algorithm: TOKEN_ALGORITHM, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, expiresIn: config.TOKEN_TTL },
      }),
    }),
  ],
  controllers: [JwksController],
  providers: [SigningKeys, TokenIssuer],
  exports: [SigningKeys, TokenIssuer],
})
export class TokensModule {}
