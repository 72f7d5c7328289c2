/**
 * deploy/k8s's production overlay for real: rendered by kustomize (`kubectl kustomize`), its Deployments
 * played by `podman kube play` with the ConfigMaps kustomize generated and the Secret `shop-secrets` (a
 * podman secret), beside PostgreSQL, a three-node NATS cluster and the PayPal stand-in in containers. The
 * migration init containers run and end before each server starts, every probe the manifests name
 * answers, and the shop takes an order through its gateway and renders its page in the storefront
 * server's pod. Kinds podman does not run (Services, HPAs,
 * PDBs) are checked by tests/deploy against the Kubernetes API's schemas; how each is stood in for here
 * is in src/kube-shop.ts and docs/deploy.md.
 */
import type { OrderDto, ProductDto } from '@shop/contracts';
import { eventually } from '@shop/testing';
import { KUBE_ADMIN, KUBE_PARTS, KubeShop } from '../src/kube-shop.js';
import { podman, run } from '../src/podman.js';
import { callApi, prepareShop } from '../src/shop-api.js';
import { shopImages } from '../src/shop-images.js';

describe('the production overlay, played by podman kube play', () => {
  const shop = new KubeShop();
  const readyAfter: Record<string, number> = {};

  beforeAll(async () => {
    await shopImages();
  }, 1_800_000);

  afterAll(async () => {
    await shop.dispose();
  }, 300_000);

  const answers = async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
    return res?.status;
  };

  it('renders with kustomize into the kinds it should, and says which podman plays', async () => {
    const manifests = await shop.render();
    const kinds = [...new Set(manifests.map((manifest) => manifest.kind))].sort();
    expect(kinds).toEqual(['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service']);
    const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment').map((manifest) => manifest.metadata.name);
    expect(deployments).toEqual(expect.arrayContaining([...KUBE_PARTS]));
    process.stdout.write(
      `kube: ${manifests.length} manifests; played by podman: ${deployments.filter((name) => (KUBE_PARTS as readonly string[]).includes(name)).length} Deployments with their ConfigMaps and Secret; ` +
        `not played: ${manifests.filter((manifest) => !['Deployment', 'ConfigMap'].includes(manifest.kind)).map((manifest) => `${manifest.kind}/${manifest.metadata.name}`).join(', ')}, ` +
        `and the Deployments ${deployments.filter((name) => !(KUBE_PARTS as readonly string[]).includes(name)).join(', ')} (public images)\n`,
    );
  });

  it('plays each Deployment: its init container migrates and ends, then every probe answers', async () => {
    await shop.prepare();
    for (const part of KUBE_PARTS) {
      const started = performance.now();
      const since = new Date(Date.now() - 1_000).toISOString();
      await shop.play(part);
      const probes = shop.probesOf(part);
      expect(probes.map((probe) => probe.kind)).toEqual(['startupProbe', 'readinessProbe', 'livenessProbe']);
      try {
        for (const probe of probes) {
          await eventually(async () => ((await answers(`http://${shop.addresses[part]}:${probe.port}${probe.path}`)) === 200 ? true : undefined), 120_000, `${part}'s ${probe.kind} (${probe.path})`);
        }
      } catch (error) {
        const pod = await shop.podOf(part);
        const logs = await run('podman', ['logs', '--tail', '30', `${pod}-${part}`]);
        throw new Error(`${String(error)}\n${logs.stdout}${logs.stderr}`, { cause: error });
      }
      readyAfter[part] = Math.round((performance.now() - started) / 100) / 10;
      const pod = await shop.podOf(part);
      // The init container ran to its end (exit 0) before the server's container started, and is gone
      // (the storefront server and the gateway own no database: no migration, no init container).
      const initContainers = shop.manifests.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === part)?.spec?.template.spec.initContainers ?? [];
      expect([part, initContainers.length > 0]).toEqual([part, ['users', 'catalog', 'orders'].includes(part)]);
      if (initContainers.length > 0) {
        const events = await podman(['events', '--stream=false', '--since', since, '--filter', `container=${pod}-migrate`, '--filter', 'event=died', '--format', '{{.Name}} {{.ContainerExitCode}}']);
        expect(events.split('\n').filter(Boolean)).toEqual([`${pod}-migrate 0`]);
      }
      const names = async (...filters: string[]) =>
        (await podman(['ps', '--all', ...filters.flatMap((filter) => ['--filter', filter]), '--format', '{{.Names}}'])).split('\n').filter((name) => name && !name.endsWith('-infra'));
      expect(await names(`pod=${pod}`)).toEqual([`${pod}-${part}`]);
      expect(await names(`pod=${pod}`, 'status=running')).toEqual([`${pod}-${part}`]);
      // As the manifest says: uid 1000, a read-only root file system, no capabilities.
      const [user, readOnly, capabilities] = (await podman(['inspect', '--format', '{{.Config.User}}|{{.HostConfig.ReadonlyRootfs}}|{{.EffectiveCaps}}', `${pod}-${part}`])).split('|');
      expect([part, user, readOnly, capabilities]).toEqual([part, '1000:1000', 'true', '[]']);
    }
    process.stdout.write(`kube: seconds from podman kube play to every probe answering: ${KUBE_PARTS.map((part) => `${part} ${readyAfter[part]}`).join(', ')}\n`);
  });

  it('answers through its gateway: the whole shop ready, an order taken and confirmed', async () => {
    await eventually(async () => ((await answers(`${shop.base}/api/health`)) === 200 ? true : undefined), 60_000, 'the gateway to report every service ready');
    const { product, tokens, order, firstOrder } = await prepareShop(shop.base, KUBE_ADMIN, 10, 1, 'Kube lamp');
    expect(order).toBeDefined();
    const confirmed = await eventually(async () => {
      const answer = await callApi<OrderDto>(shop.base, 'GET', `/api/orders/${firstOrder._id}`, undefined, tokens[0]);
      return answer.body.status === 'confirmed' ? answer.body : undefined;
    }, 30_000, 'the order confirmed');
    expect(confirmed.orderItems[0].name).toBe('Kube lamp');
    await eventually(async () => ((await callApi<ProductDto>(shop.base, 'GET', `/api/products/${product._id}`)).body.countInStock === 9 ? true : undefined), 15_000, 'the stock taken');
    // The product page, rendered by the storefront server's pod behind the gateway's.
    const page = await callApi<string>(shop.base, 'GET', `/product/${product._id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Kube lamp');
  });
});
