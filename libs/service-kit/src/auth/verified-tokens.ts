/**
 * Tokens whose signature, issuer, audience and expiry one app has verified, kept for a short while so
 * that the same token sent again is not verified again. A customer's page sends one token with every
 * call; under the order pipeline's load, verifying it (jsonwebtoken: decoding, ES256 over the signing
 * input, the claims) took about 7 % of the orders process's time (docs/order-pipeline.md, issue 44).
 *
 * What is kept is exactly what passport-jwt hands `validate` for that token string: the same string
 * verifies the same way until it expires, so the only thing a kept entry can miss is a key that was
 * withdrawn meanwhile, and entries live at most `MAX_KEEP_MS` for that. The user's standing (sign-out,
 * password or role change) is still checked at every request, after this. Each app keeps its own (its
 * TokenKeys), as each verifies with its own keys.
 */
export class VerifiedTokens {
  /** How long a verification is trusted at most: a key withdrawn from the JWKS stops verifying within this. */
  static readonly MAX_KEEP_MS = 60_000;
  /** Tokens kept at most (the oldest go first): far more than the customers active in a minute on one process. */
  static readonly MAX_TOKENS = 10_000;

  private readonly kept = new Map<string, { payload: Readonly<Record<string, unknown>>; until: number }>();

  /** The payload of `token` if it was verified within MAX_KEEP_MS and has not expired since. */
  payloadOf(token: string): Readonly<Record<string, unknown>> | undefined {
    const entry = this.kept.get(token);
    if (!entry) return undefined;
    if (Date.now() < entry.until) return entry.payload;
    this.kept.delete(token);
    return undefined;
  }

  /** Keeps a token passport-jwt has just verified, with its payload; the first verification's time counts. */
  remember(token: string, payload: Record<string, unknown>): void {
    if (this.kept.has(token) || typeof payload.exp !== 'number') return;
    const until = Math.min(payload.exp * 1000, Date.now() + VerifiedTokens.MAX_KEEP_MS);
    if (until <= Date.now()) return;
    if (this.kept.size >= VerifiedTokens.MAX_TOKENS) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(token, { payload: Object.freeze({ ...payload }), until });
  }
}
