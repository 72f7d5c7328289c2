/**
 * The operator's signing key rotation:
 *
 *   node services/users/dist/cli/keys.js rotate
 *
 * with the users service's settings in the environment (DATABASE_URL, INSTANCE_PREFIX,
 * SIGNING_KEY_SECRET, …). A new key signs tokens from now on; the retired one stays in the JWKS for
 * TOKEN_TTL, so signed-in customers stay signed in. Running replicas pick the new key up within 30 s.
 */
import { SigningKeys } from '../tokens/signing-keys.service.js';
import { runCommand } from './run-command.js';

const [action] = process.argv.slice(2);
if (action !== 'rotate') {
  process.stderr.write('usage: keys.js rotate\n');
  process.exit(2);
}

await runCommand('keys', async (app) => {
  const kid = await app.get(SigningKeys).rotate();
  return `rotated the signing key: ${kid} signs tokens from now on; the previous key is published until its tokens expire`;
});
