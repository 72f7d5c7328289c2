/**
 * What a passport strategy needs of the app a request came to, handed over with the request.
 *
 * Passport keeps one strategy of each name for the whole process: `PassportStrategy` registers each
 * instance Nest makes under its name, and the last one made wins. One process may run several apps
 * (the tests run replicas side by side, each with its own keys and database), so the shop's strategies
 * hold nothing of an app: the app's guard, made by Nest for that app, hands its parts over with the
 * request before passport runs, and the strategy takes them from the request.
 */
export class AppParts<T extends object> {
  private readonly key: symbol;

  constructor(private readonly name: string) {
    this.key = Symbol(name);
  }

  handOver(req: object, parts: T): void {
    (req as Record<symbol, T>)[this.key] = parts;
  }

  of(req: object): T {
    const parts = (req as Record<symbol, T | undefined>)[this.key];
    if (!parts) throw new Error(`${this.name}: no guard of this app handed its parts over (use the shop's guard, not AuthGuard by itself)`);
    return parts;
  }
}
