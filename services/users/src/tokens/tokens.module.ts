import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwksController } from './jwks.controller.js';
import { SigningKey } from './signing-key.entity.js';
import { SigningKeys } from './signing-keys.service.js';
import { TokenIssuer } from './token-issuer.service.js';

/**
 * Sign-in tokens: the signing key, the issuer, and the published public keys.
 * Global, because the service's own token verifier (service-kit's AuthModule)
 * needs the key too.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SigningKey])],
  controllers: [JwksController],
  providers: [SigningKeys, TokenIssuer],
  exports: [SigningKeys, TokenIssuer],
})
export class TokensModule {}
