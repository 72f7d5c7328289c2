/** POST /v1/oauth2/token: PayPal's client-credentials grant. */
import { invalidClient, unsupportedGrantType } from '../errors.js';
import { type Router, json } from '../http.js';
import type { StandInState } from '../stand-in-state.js';

export function oauthRoutes(router: Router, state: StandInState): void {
  router.on('POST', '/v1/oauth2/token', async (context) => {
    if (!isClient(context.header('authorization'), state)) throw invalidClient();
    const grantType = new URLSearchParams(await context.text()).get('grant_type');
    if (grantType !== 'client_credentials') throw unsupportedGrantType(grantType);
    return json(200, state.tokens.issue());
  });
}

/** Whether a Basic `Authorization` header names the configured client id and secret. */
function isClient(header: string | undefined, { clientId, clientSecret }: StandInState): boolean {
  const encoded = /^Basic\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && decoded.slice(0, colon) === clientId && decoded.slice(colon + 1) === clientSecret;
}
