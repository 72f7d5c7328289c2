import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { podman, podmanEnv, run, runLogged } from './podman.js';

/** The Dockerfile's targets: one image per part. */
export const PARTS = ['catalog', 'users', 'orders', 'storefront', 'gateway', 'paypal-stand-in'] as const;
export type Part = (typeof PARTS)[number];

/**
 * This run's name for the shop's images (`localhost/shop-test-<id>/<part>:latest`), and the label of every
 * container, network and volume it makes: set by the global setup (test/global-setup.js), so every spec
 * of one run shares one build, and the global teardown removes what carries it.
 */
export const RUN_ID = process.env.SHOP_CONTAINER_RUN ?? 'manual';
export const RUN_LABEL = `shop.test.run=${RUN_ID}`;
export const imageOf = (part: Part): string => `localhost/shop-test-${RUN_ID}/${part}:latest`;

/** What building the images took: seconds for the first target (the shared build stage), each image's size. */
export interface BuiltImages {
  seconds: Record<Part, number>;
  bytes: Record<Part, number>;
  log: string;
}

let building: Promise<BuiltImages> | undefined;

/**
 * Builds every target of the Dockerfile from this tree with podman, on the local Node base image
 * (NODE_IMAGE), unless this run has them already. The first build runs the build stage (npm ci, the
 * workspace's build, each part's production tree); the other targets take its layers from podman's cache.
 */
export function shopImages(): Promise<BuiltImages> {
  building ??= buildAll();
  return building;
}

async function buildAll(): Promise<BuiltImages> {
  const log = join(mkdtempSync(join(tmpdir(), 'shop-images-')), 'build.log');
  // A build's RUN gets 1,024 open files by default, where npm ci meets EMFILE now and then: as many as
  // the host allows (at most 65,536); above the host's hard limit runc cannot start the step.
  const hard = (await run('sh', ['-c', 'ulimit -Hn'])).stdout.trim();
  const openFiles = hard === 'unlimited' ? 65_536 : Math.min(65_536, Number(hard) || 1_024);
  const seconds = {} as Record<Part, number>;
  const bytes = {} as Record<Part, number>;
  for (const part of PARTS) {
    const started = performance.now();
    const exists = await run('podman', ['image', 'exists', imageOf(part)]);
    if (exists.code !== 0) {
      const code = await runLogged(
        'podman',
        ['build', '--network', 'host', '--ulimit', `nofile=${openFiles}:${openFiles}`, '--build-arg', `NODE_IMAGE=${podmanEnv.NODE_IMAGE}`, '--target', part, '--tag', imageOf(part), '--file', 'Dockerfile', '.'],
        (chunk) => appendFileSync(log, chunk),
      );
      if (code !== 0) throw new Error(`podman build --target ${part} failed (${code}); its log: ${log}`);
    }
    seconds[part] = Math.round((performance.now() - started) / 100) / 10;
    bytes[part] = Number(await podman(['image', 'inspect', '--format', '{{.Size}}', imageOf(part)]));
  }
  return { seconds, bytes, log };
}
