// One run of the container tests: its id (image names, labels), and the images the machine held before
// it, so the teardown removes every image the run made (the shop's and their build layers) and no other.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export default function globalSetup() {
  const id = process.env.SHOP_CONTAINER_RUN ?? `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  process.env.SHOP_CONTAINER_RUN = id;
  process.env.CONTAINERS_CONF ??= fileURLToPath(new URL('../../../deploy/podman/containers.conf', import.meta.url));
  // The local base images (deploy/podman/base-images.sh): made when missing, found at once otherwise.
  execFileSync('bash', [fileURLToPath(new URL('../../../deploy/podman/base-images.sh', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit'] });
  const before = execFileSync('podman', ['images', '--all', '--quiet', '--no-trunc'], { encoding: 'utf8' });
  globalThis.shopImagesBefore = new Set(before.split('\n').filter(Boolean));
}
