/**
 * Password work waiting for its turn, served client by client: at most `concurrency` pieces run at
 * once, and the waiting ones start in turns, one piece of each client that has work waiting, then the
 * next piece of each, and so on (round robin), each client's own pieces in the order they came. When
 * every piece comes from a client of its own, as in a crowd of people signing up, that is first come,
 * first served; when one client (an address, or an IPv6 /64) sends a hundred sign-ins at once, the
 * people who come after it from elsewhere wait for one of its pieces per turn, not for all of them.
 *
 * No library does this: p-limit and p-queue serve in order of arrival (p-queue by priority), so one
 * client's burst would delay everyone behind it by its whole length.
 */
export class PasswordQueue {
  private running = 0;
  /** The waiting pieces of each client; the Map's order is the order of turns (a client goes to the back after each). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private waitingCount = 0;

  constructor(readonly concurrency: number) {}

  /** Pieces running now. */
  get activeCount(): number {
    return this.running;
  }

  /** Pieces waiting for their turn. */
  get pendingCount(): number {
    return this.waitingCount;
  }

  /**
   * How many waiting pieces would start before a piece `client` adds now: its own waiting pieces, and
   * of every other client's as many as there are turns until its own (one more than its waiting pieces).
   * Exact for a client with nothing waiting (it is served after one piece of each client waiting now);
   * for a client with pieces waiting it may count a few too many (those after it in the last turn).
   */
  waitingBefore(client: string): number {
    const own = this.waiting.get(client)?.length ?? 0;
    let before = own;
    for (const [other, pieces] of this.waiting) if (other !== client) before += Math.min(pieces.length, own + 1);
    return before;
  }

  /** Runs `work` for `client` when its turn comes; answers what `work` answers. */
  run<T>(client: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        void (async () => work())()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.startNext();
          });
      };
      if (this.running < this.concurrency) {
        start();
        return;
      }
      const pieces = this.waiting.get(client);
      if (pieces) pieces.push(start);
      else this.waiting.set(client, [start]);
      this.waitingCount++;
    });
  }

  /** Starts the first waiting piece of the client whose turn it is, and sends that client to the back. */
  private startNext(): void {
    const turn = this.waiting.entries().next();
    if (turn.done) return;
    const [client, pieces] = turn.value;
    const start = pieces.shift() as () => void;
    this.waiting.delete(client);
    if (pieces.length > 0) this.waiting.set(client, pieces);
    this.waitingCount--;
    start();
  }
}
