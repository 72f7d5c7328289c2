// Removes what the run made: its containers, pods, networks and volumes (labelled with its id), then the
// images it built, build layers included (every image the machine did not hold before; the local base
// images of deploy/podman/base-images.sh were made before, and are kept).
import { execFileSync } from 'node:child_process';

const podman = (args) => {
  try {
    return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    return String(error.stdout ?? '').trim();
  }
};

export default function globalTeardown() {
  const label = `label=shop.test.run=${process.env.SHOP_CONTAINER_RUN}`;
  const list = (kind, ...args) => podman([kind, 'ls', ...args, '--filter', label, '--quiet']).split('\n').filter(Boolean);
  const pods = list('pod');
  if (pods.length) podman(['pod', 'rm', '--force', ...pods]);
  const containers = podman(['ps', '--all', '--quiet', '--filter', label]).split('\n').filter(Boolean);
  if (containers.length) podman(['rm', '--force', '--time', '0', ...containers]);
  const volumes = list('volume');
  if (volumes.length) podman(['volume', 'rm', '--force', ...volumes]);
  const networks = list('network');
  if (networks.length) podman(['network', 'rm', '--force', ...networks]);
  // SHOP_CONTAINER_KEEP_IMAGES=1 keeps the run's images (a developer's next run with the same
  // SHOP_CONTAINER_RUN uses them instead of building again).
  if (process.env.SHOP_CONTAINER_KEEP_IMAGES) return;
  const before = globalThis.shopImagesBefore ?? new Set();
  const made = podman(['images', '--all', '--quiet', '--no-trunc']).split('\n').filter((id) => id && !before.has(id));
  // Newest first, so a layer goes after the images made from it; --force for the tags the run gave.
  if (made.length) podman(['rmi', '--force', '--ignore', ...made.reverse()]);
}
