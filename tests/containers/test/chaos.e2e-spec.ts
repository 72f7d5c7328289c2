/**
 * Chaos across containers: compose.yaml's deployment (podman-compose, two replicas of each service and of
 * the storefront server, the three-node NATS cluster, PostgreSQL) with 20 customers ordering and browsing
 * without pause while, in turn, the process of a container of each service is killed (SIGKILL, as a
 * crash), the NATS node leading the event stream is killed, and PostgreSQL is killed; podman's restart
 * policy brings each back. Afterwards every order is final, the stock is the initial stock less what the
 * confirmed orders took, every container runs (the storefront servers' too), and no GET failed while one
 * replica of its service was down (the gateway retries it).
 */
import type { OrderDto, ProductDto } from '@shop/contracts';
import { eventually, streamStateOf } from '@shop/testing';
import { ADMIN, ComposeShop, SHOP_SERVICES, type ComposeService } from '../src/compose-shop.js';
import { podman } from '../src/podman.js';
import { callApi, failed, prepareShop, startCustomers, summaryOf } from '../src/shop-api.js';
import { shopImages } from '../src/shop-images.js';

const STOCK = 100_000;
const CUSTOMERS = 20;
/** The faults in which one replica of a service died while the other lived: no GET may fail then. */
const REPLICA_FAULTS = ['catalog-1 killed', 'orders-2 killed', 'users-1 killed'];

describe('chaos across containers: compose deployment under load, containers killed', () => {
  let shop: ComposeShop;

  beforeAll(async () => {
    await shopImages();
    shop = await ComposeShop.create('chaos');
    const started = performance.now();
    await shop.up();
    await shop.awaitServing(started);
  }, 1_800_000);

  afterAll(async () => {
    await shop?.down();
  }, 900_000);

  /** A service's replicas the gateway finds ready. */
  const readyReplicas = async (service: 'catalog' | 'users' | 'orders') =>
    (await callApi<{ services?: Record<string, { replicas?: { ready: number } }> }>(shop.base, 'GET', '/api/health')).body?.services?.[service]?.replicas?.ready;

  const kill = (service: ComposeService) => shop.crash(service);

  /** The address of a container on the project's network. */
  const addressOf = (service: ComposeService) => podman(['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', shop.container(service)]);

  it('keeps every order final and the stock exact, answers every GET while a replica is down, and brings every container back', async () => {
    const { product, tokens, order } = await prepareShop(shop.base, ADMIN, STOCK, CUSTOMERS, 'Chaos crate');
    let phase = 'steady';
    const customers = startCustomers(shop.base, tokens, product._id, order, () => phase);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const back: Record<string, number> = {};
    const nodes = ['nats-1', 'nats-2', 'nats-3'] as const;
    let leader: (typeof nodes)[number] | undefined;
    let newLeader: string | undefined;
    try {
      await pause(3_000);

      for (const [service, of] of [
        ['catalog-1', 'catalog'],
        ['orders-2', 'orders'],
        ['users-1', 'users'],
      ] as const) {
        phase = `${service} killed`;
        back[service] = await kill(service);
        await eventually(async () => ((await readyReplicas(of)) === 2 ? true : undefined), 120_000, `${service} ready again`);
        await pause(2_000);
      }

      // The NATS node leading the stream (`shop`'s, STREAM_REPLICAS 3): another takes the lead.
      const urls = (await Promise.all(nodes.map(addressOf))).map((address) => `nats://${address}:4222`).join(',');
      leader = (await streamStateOf('shop', urls)).leader as (typeof nodes)[number];
      expect(nodes).toContain(leader);
      phase = 'NATS leader killed';
      back[leader] = await kill(leader);
      newLeader = await eventually(async () => (await streamStateOf('shop', urls).catch(() => undefined))?.leader, 60_000, 'a stream leader');
      await pause(3_000);

      phase = 'PostgreSQL killed';
      back.postgres = await kill('postgres');
      await eventually(async () => ((await callApi(shop.base, 'GET', '/api/health')).status === 200 ? true : undefined), 180_000, 'the whole shop ready again');
      await pause(3_000);
      phase = 'after';
      await pause(5_000);
    } finally {
      await customers.stop();
    }
    const { outcomes } = customers;

    // Every order placed ends confirmed or cancelled (the outbox and the consumers finish what the faults interrupted).
    const mine = await eventually(async () => {
      const lists = await Promise.all(tokens.map((token) => callApi<OrderDto[]>(shop.base, 'GET', '/api/orders/mine', undefined, token)));
      if (lists.some((list) => list.status !== 200)) return undefined;
      const all = lists.flatMap((list) => list.body);
      return all.every((placed) => placed.status === 'confirmed' || placed.status === 'cancelled') ? all : undefined;
    }, 120_000, 'every order final');
    const confirmed = mine.filter((placed) => placed.status === 'confirmed').length;
    const stock = (await callApi<ProductDto>(shop.base, 'GET', `/api/products/${product._id}`)).body.countInStock;
    process.stdout.write(
      `chaos across containers: ${outcomes.length} requests from ${CUSTOMERS} customers; ${mine.length} orders, ${confirmed} confirmed, ${mine.length - confirmed} cancelled; stock ${STOCK} -> ${stock}\n` +
        `  running again after the kill (s): ${Object.entries(back).map(([name, seconds]) => `${name} ${seconds}`).join(', ')}; stream led by ${leader}, then ${newLeader}\n${summaryOf(outcomes)}\n`,
    );
    expect(stock).toBe(STOCK - confirmed);
    expect(mine.length).toBeGreaterThan(CUSTOMERS);
    for (const service of SHOP_SERVICES) expect([service, (await shop.state(service)).running]).toEqual([service, true]);
    for (const fault of REPLICA_FAULTS) {
      const inFault = outcomes.filter((outcome) => outcome.phase === fault);
      expect([fault, inFault.filter((outcome) => failed(outcome) && outcome.request.startsWith('GET')).length]).toEqual([fault, 0]);
      expect(inFault.length).toBeGreaterThan(0);
    }
  });
});
