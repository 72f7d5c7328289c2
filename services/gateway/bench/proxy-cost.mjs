// What one proxied request costs the gateway in CPU (docs/gateway.md, "Cost of a request").
//
//   node services/gateway/bench/proxy-cost.mjs [post|get|cache] [requests/s, 0: flat out] [seconds]
//
// A stub service (node:http, in this process) answers like orders: POST /api/orders 201 and
// GET /api/orders/{id} 200 with a 0.6 KB order, GET /api/products with a cacheable list (`cache`: the
// API cache's path, anonymous). The built gateway (GATEWAY_MAIN, default services/gateway/dist/main.js;
// `floor`: a bare node:http proxy of 20 lines, what any proxy costs on this machine) runs as a process
// of its own, in front of it; this process sends the requests (open loop at the given rate over up to 50
// connections, or 20 connections back to back) and prints the gateway's CPU read from /proc: its % of a
// core and ms per request. LOG_LEVEL (warn) and RATE_LIMIT_PER_MINUTE (on, never reached) go to the gateway.
// Figures vary between runs on a shared machine: compare in alternating rounds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === '--floor') {
  const agent = new Agent({ keepAlive: true, timeout: 15_000 });
  const target = new URL(process.env.ORDERS_URL);
  createServer((req, res) => {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress };
    const proxyReq = request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (proxyRes) => {
      res.writeHead(proxyRes.statusCode, proxyRes.headers);
      proxyRes.pipe(res);
    });
    proxyReq.on('error', () => res.writeHead(503).end());
    req.pipe(proxyReq);
  }).listen(Number(process.env.PORT), '127.0.0.1');
} else {
  await measure(process.argv[2] ?? 'post', Number(process.argv[3] ?? 200), Number(process.argv[4] ?? 8));
}

async function measure(kind, rate, seconds) {
  const order = JSON.stringify({
    _id: '0b7c3e9a-1f2d-4c5b-8a9e-123456789abc',
    status: 'confirmed',
    orderItems: [{ name: 'Airpods Wireless Bluetooth Headphones', qty: 1, image: '/uploads/airpods.jpg', price: 89.99, product: '9d1e7f2a-1f2d-4c5b-8a9e-123456789abc' }],
    shippingAddress: { address: '1 Main St', city: 'Boston', postalCode: '02101', country: 'USA' },
    paymentMethod: 'PayPal',
    itemsPrice: 89.99,
    taxPrice: 9,
    shippingPrice: 50,
    totalPrice: 148.99,
    createdAt: new Date().toISOString(),
  });
  const list = JSON.stringify({ products: Array.from({ length: 12 }, (_, i) => ({ _id: `p-${i}`, name: `Product ${i}`, price: 10 + i })), page: 1, pages: 2 });
  const stub = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const products = req.url.startsWith('/api/products');
      const body = products ? list : order;
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        ...(products ? { 'cache-control': 'public, max-age=0, s-maxage=1', etag: 'W/"list"' } : {}),
      });
      res.end(body);
    });
  });
  await new Promise((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const service = `http://127.0.0.1:${stub.address().port}`;
  const port = 39_100 + Math.floor(Math.random() * 500);
  const main = process.env.GATEWAY_MAIN ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));
  const floor = main === 'floor';
  const gateway = spawn(process.execPath, floor ? [fileURLToPath(import.meta.url), '--floor'] : [main], {
    env: {
      ...process.env,
      PORT: String(port),
      CATALOG_URL: service,
      USERS_URL: service,
      ORDERS_URL: service,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const cpuSeconds = () => {
    const fields = readFileSync(`/proc/${gateway.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const agent = new Agent({ keepAlive: true, maxSockets: rate > 0 ? 50 : 20 });
  const body = JSON.stringify({ orderItems: [{ product: '9d1e7f2a-1f2d-4c5b-8a9e-123456789abc', qty: 1 }], paymentMethod: 'PayPal' });
  const send = (path = undefined) =>
    new Promise((resolve, reject) => {
      const post = kind === 'post' && path === undefined;
      const headers = {
        accept: 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        ...(kind === 'cache' ? {} : { authorization: 'Bearer eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1LTEifQ.c2lnbmF0dXJl' }),
        ...(post ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
      };
      const url = path ?? (post ? '/api/orders' : kind === 'cache' ? '/api/products?pageNumber=1' : '/api/orders/0b7c3e9a-1f2d-4c5b-8a9e-123456789abc');
      const req = request({ host: '127.0.0.1', port, agent, method: post ? 'POST' : 'GET', path: url, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end(post ? body : undefined);
    });
  for (let tries = 0; ; tries++) {
    try {
      // As in the shop, where the launcher polls it: the gateway's own route has run too.
      await send('/health');
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  let running = true;
  let count = 0;
  let failed = 0;
  const counted = (status) => {
    count++;
    if (status >= 400) {
      failed++;
      if (process.env.DEBUG) console.error(`status ${status}`);
    }
  };
  const underWay = new Set();
  let senders;
  if (rate > 0) {
    const tick = setInterval(() => {
      for (let i = 0; i < rate / 100; i++) {
        const sent = send().then(counted, () => failed++).finally(() => underWay.delete(sent));
        underWay.add(sent);
      }
    }, 10);
    senders = [
      new Promise((resolve) => {
        const stop = setInterval(() => {
          if (running) return;
          clearInterval(tick);
          clearInterval(stop);
          resolve(Promise.all(underWay));
        }, 50);
      }),
    ];
  } else {
    senders = Array.from({ length: 20 }, async () => {
      while (running) counted(await send().catch(() => 500));
    });
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const [cpu0, count0, t0] = [cpuSeconds(), count, performance.now()];
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const [cpu1, count1, t1] = [cpuSeconds(), count, performance.now()];
  running = false;
  await Promise.all(senders);
  const elapsed = (t1 - t0) / 1000;
  const requests = count1 - count0;
  console.log(
    `${floor ? 'floor' : main}  ${kind} at ${rate > 0 ? `${rate}/s` : 'full speed'}: ${(requests / elapsed).toFixed(0)} requests/s, ` +
      `gateway CPU ${(((cpu1 - cpu0) / elapsed) * 100).toFixed(0)} %, ${(((cpu1 - cpu0) * 1000) / requests).toFixed(3)} ms per request` +
      (failed > 0 ? `, ${failed} failed` : ''),
  );
  gateway.kill('SIGTERM');
  agent.destroy();
  stub.closeAllConnections();
  stub.close();
}
