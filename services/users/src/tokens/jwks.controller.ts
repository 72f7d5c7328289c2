import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JWKS_PATH } from '@shop/contracts';
import { SigningKeys, type JsonWebKeySet } from './signing-keys.service.js';

/** Verifiers cache the keys themselves and refetch on an unknown key id; this only spares repeated fetches. */
const JWKS_CACHE_CONTROL = 'public, max-age=300';

@ApiTags('keys')
@Controller()
export class JwksController {
  constructor(private readonly keys: SigningKeys) {}

  @Get(JWKS_PATH)
  @Header('Cache-Control', JWKS_CACHE_CONTROL)
  @ApiOperation({ summary: 'The public keys (JWKS) that shop tokens are verified with (ES256, P-256)' })
  @ApiOkResponse({ description: '{ keys: [ { kty: "EC", crv: "P-256", x, y, kid, alg: "ES256", use: "sig" } ] }' })
  jwks(): JsonWebKeySet {
    return this.keys.jwks();
  }
}
