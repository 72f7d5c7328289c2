/**
 * The whole stack idle, as a newcomer's `npm start` runs it on a machine without a PostgreSQL server or
 * a NATS server: the launcher, embedded PGlite (one PostgreSQL per service, in a process of its own), a
 * nats-server of its own, the PayPal stand-in, the mail catcher, catalog, users, orders, the storefront
 * server and the gateway, each named in the table as the launcher names it (processes.ts). The memory of
 * every one of those processes after the shop has been ready for a while (BENCH_IDLE_SECONDS, default
 * 15) and has served one visit of each kind of page, as an operator sees it between rushes. The target
 * is 600 MB for everything together. With BENCH_BASELINE_TREE (a checkout of the tree before a change,
 * built), that tree's stack is measured the same way right after, and the two whole stacks are compared.
 */
import { freeBasePort } from '@shop/testing';
import { withBenchShop, BENCH_ADMIN } from '../bench-shop.js';
import { ShopClient } from '../http.js';
import { memoryTogether, shopMemory, type ProcessMemory } from '../processes.js';
import { recordFigure } from '../results.js';
import { allProducts, signIn } from '../shop-actions.js';
import { formatTable, sleep } from '../stats.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const BASELINE = process.env.BENCH_BASELINE_TREE;

export async function idleMemory(): Promise<void> {
  console.log(`\n== Idle memory: every process npm start runs (own PGlite and nats-server), ${IDLE_SECONDS} s after one visit of each kind`);
  const after = await measureIdle();
  if (!BASELINE) return;
  console.log(`\n== the same for ${BASELINE}`);
  const before = await measureIdle(BASELINE);
  const mb = (value: number) => value.toFixed(0);
  console.log(`\nwhole stack: ${mb(before)} MB before (${BASELINE}), ${mb(after)} MB this tree, ${after >= before ? '+' : ''}${mb(after - before)} MB`);
  recordFigure(`idle stack, ${BASELINE}: whole stack MB`, mb(before));
}

/** The idle stack of this tree (or of `tree`): prints every process and returns the whole stack's MB. */
async function measureIdle(tree?: string): Promise<number> {
  // The launcher takes PORT .. PORT+13; PostgreSQL and NATS are looked for on the two ports after them,
  // where nothing answers: so it serves embedded PGlite and starts its own nats-server on PORT+15.
  const ownServers = 'nothing answers there, so the shop serves its own, as on a machine without PostgreSQL or NATS';
  const own = async () => {
    const port = await freeBasePort(16);
    return {
      PORT: String(port),
      DATABASE_URL: { value: `postgres://postgres@127.0.0.1:${port + 14}/postgres`, why: `${ownServers} (embedded PGlite)` },
      NATS_URL: { value: `nats://127.0.0.1:${port + 15}`, why: `${ownServers} (a nats-server it starts)` },
      // npm start's default; the harness quiets the other scenarios to warnings.
      LOG_LEVEL: { value: 'info', why: "npm start's default" },
    };
  };
  return withBenchShop(
    own,
    async (shop) => {
      const said = shop.output();
      if (!said.includes('serving embedded PostgreSQL (PGlite)') || !said.includes('started nats-server')) {
        throw new Error(`the bench shop did not serve its own PGlite and nats-server:\n${said}`);
      }
      const client = new ShopClient(shop.base);
      const products = await allProducts(client);
      await client.expect(200, 'GET', `/api/products/${products[0]._id}`);
      await client.expect(200, 'GET', '/api/products/top');
      const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password);
      await client.expect(200, 'GET', '/api/orders', { token: admin.token });
      await client.expect(200, 'GET', '/api/users', { token: admin.token });
      await client.expect(200, 'GET', '/', { headers: { accept: 'text/html' } });
      await client.close();
      await sleep(IDLE_SECONDS * 1000);
      const processes = shopMemory(shop.pid);
      const together = memoryTogether(processes);
      const mb = (value: number) => value.toFixed(0);
      const filesOf = (process: ProcessMemory) => [...process.files.values()].reduce((total, size) => total + size, 0);
      console.log(
        formatTable(
          ['process', 'pid', 'resident MB', 'own MB', 'files MB'],
          [
            ...processes.map((process) => [process.part, process.pid, mb(process.rssMb), mb(process.anonMb), mb(filesOf(process))]),
            [`sum of the ${processes.length} processes`, '', mb(together.residentMb), mb(together.ownMb), ''],
            ['files counted once', '', '', '', mb(together.filesMb)],
            ['whole stack', '', '', mb(together.totalMb), ''],
          ],
        ),
      );
      console.log(
        "resident: a process's pages in RAM, including the pages of files it shares with the others (node's binary, libraries); own: pages\n" +
          'backed by no file (heaps, stacks, WebAssembly memory), which no other process has; files: resident pages of executables and libraries.\n' +
          "whole stack = every process's own pages + each file's pages once (node's binary is in memory once for all the Node processes):\n" +
          'what the machine gives the shop. postgres (PGlite): the embedded PostgreSQL of each service, in one process the launcher supervises;\n' +
          "mail: the launcher's mail catcher (a tree before issue 44 ran MailDev).",
      );
      if (tree) return together.totalMb;
      recordFigure('idle stack, every process npm start runs: whole stack MB (sum of resident MB)', `${mb(together.totalMb)} (${mb(together.residentMb)})`);
      const postgres = processes.find((process) => process.part === 'postgres (PGlite)');
      if (postgres) recordFigure('embedded PostgreSQL (three PGlite): own MB', mb(postgres.anonMb));
      return together.totalMb;
    },
    { tree },
  );
}
