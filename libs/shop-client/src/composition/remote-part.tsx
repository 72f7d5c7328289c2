import { Component, createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RemoteName, RemotePartName, RemotePartProps } from '@shop/contracts';

/**
 * A part as loaded: a component of some props. Which props is the contract's business (RemotePartProps),
 * checked where `<RemotePart>` is used; the module itself comes from another build, unseen by the compiler.
 */
type AnyComponent = ComponentType<Record<string, unknown>>;

/** What an exposed part's module exports: the component, as its default export. */
interface PartModule {
  default: AnyComponent;
}

/** Loads `remote/Part` through the page's Module Federation runtime (the host provides it). */
export type RemotePartLoader = (id: string) => Promise<unknown>;

let loader: RemotePartLoader | undefined;
const parts = new Map<string, LazyExoticComponent<AnyComponent>>();
/** Parts loaded ahead by loadRemotePart: rendered at once, without suspending (no fallback for a frame). */
const loadedParts = new Map<string, AnyComponent>();

/**
 * The host (the shell, or a remote's standalone page) hands over how it loads a remote's modules, so
 * remotes can render each other's parts without knowing the MF runtime. Set once, before rendering.
 */
export function provideRemoteParts(load: RemotePartLoader): void {
  loader = load;
  parts.clear();
  loadedParts.clear();
}

/** Loads `id` through the host's loader: the module, or a rejection saying why there is no part. */
async function loadPartModule(id: string): Promise<PartModule> {
  if (!loader) throw new Error(`No host on this page loads remote parts (${id})`);
  const module = (await loader(id)) as PartModule | undefined;
  if (typeof module?.default !== 'function' && typeof module?.default !== 'object') throw new Error(`The remote module ${id} has no part to render`);
  return module;
}

/**
 * Loads a part before it is rendered: resolves once its module is in, and a `<RemotePart>` of it then
 * renders it at once, in the same commit, without showing its loading fallback first; rejects when
 * there is no host loader or the module can't be loaded. For a page that keeps its own stand-in in
 * place until the part can replace it (the shell's header search box: a stand-in shown again for a
 * frame while the part "loads" would lose what the shopper types meanwhile).
 */
export async function loadRemotePart<R extends RemoteName>(remote: R, part: RemotePartName<R>): Promise<void> {
  const id = `${remote}/${part}`;
  loadedParts.set(id, (await loadPartModule(id)).default);
}

function partComponent(id: string): LazyExoticComponent<AnyComponent> {
  let part = parts.get(id);
  if (!part) {
    part = lazy(() => loadPartModule(id));
    parts.set(id, part);
  }
  return part;
}

export interface RemotePartElementProps<R extends RemoteName, P extends RemotePartName<R>> {
  remote: R;
  part: P;
  /** What the part is given, as the contract (RemotePartProps of @shop/contracts) names it. */
  props: P extends keyof RemotePartProps ? RemotePartProps[P] : never;
  /** Shown instead of the part when it can't be loaded or fails: nothing by default. */
  fallback?: ReactNode;
  /** Shown while the part loads: the fallback by default. */
  loading?: ReactNode;
}

/**
 * Renders a part another remote owns (libs/contracts, REMOTE_PARTS), loaded through Module Federation
 * when first rendered. The owner releases it on its own; this page keeps working without it: while it
 * loads and when its remote is down or the part throws, `fallback` is shown in its place, and a later
 * render (another visit to the page) tries to load it again. `loading` may say something else meanwhile.
 */
export function RemotePart<R extends RemoteName, P extends RemotePartName<R>>({ remote, part, props, fallback = null, loading = fallback }: RemotePartElementProps<R, P>) {
  const id = `${remote}/${part}`;
  const loaded = loadedParts.get(id);
  return (
    <PartBoundary id={id} fallback={fallback}>
      {loaded ? createElement(loaded, props) : <Suspense fallback={loading}>{createElement(partComponent(id), props)}</Suspense>}
    </PartBoundary>
  );
}

interface BoundaryProps {
  id: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failing part to its place: the fallback instead, and the part forgotten so a later render retries. */
class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    parts.delete(this.props.id);
    loadedParts.delete(this.props.id);
    console.error(`Remote part ${this.props.id} is unavailable:`, error instanceof Error ? error.message : error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
