/**
 * Renders one remote's page in its own area. While the remote downloads, a placeholder holds the
 * space; if it fails to load or throws while rendering, a notice with a retry takes its place and
 * the rest of the shell keeps working.
 */
import { Component, lazy, Suspense, useContext, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Alert, Button } from '@shop/ui';
import { reportRenderError } from '../page-reports/page-reports.js';
import { forgetFailedLoad, isRemoteLoadFailure, loadedRemotePage, loadRemotePage, type RemotePage } from '../remotes.js';
import { PageArea } from './remote-boundary.styles.js';
import { BrowserSlot, ServerSlotContext } from './server-slot.js';
import { useRemoteView } from './remote-views.js';

export const UNAVAILABLE_NOTICE = 'This part of the shop is unavailable right now';

// One lazy component per page, so moving between routes of the same page does not suspend again.
// A page that failed to load keeps its failed lazy component until the shopper retries or leaves the
// route: React renders a failing tree again before it shows the error boundary, and a fresh load on
// every such render would fetch the unreachable remote over and over.
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
const failedPages = new Set<string>();

const pageId = (page: RemotePage) => `${page.remote}/${page.module}`;

function lazyPage(page: RemotePage): LazyExoticComponent<ComponentType> {
  const id = pageId(page);
  let Page = lazyPages.get(id);
  if (!Page) {
    Page = lazy(() =>
      loadRemotePage(page).catch((error: unknown) => {
        failedPages.add(id);
        throw error;
      }),
    );
    lazyPages.set(id, Page);
  }
  return Page;
}

/** Lets the next render of a page that failed to load fetch it afresh. */
function forgetFailure(page: RemotePage): void {
  const id = pageId(page);
  if (!failedPages.delete(id)) return;
  lazyPages.delete(id);
  forgetFailedLoad(page);
}

export interface RemoteBoundaryProps extends RemotePage {
  /** The page's heading, shown in its placeholder on the server (route-table.ts). */
  heading?: string;
}

export function RemoteBoundary({ remote, module, heading }: RemoteBoundaryProps) {
  // Leaving the route forgets a failure, so a later visit tries the remote again. (An effect's
  // clean-up runs only for a committed boundary, never during React's re-renders of a failing tree.)
  useEffect(() => () => forgetFailure({ remote, module }), [remote, module]);
  // On the server, a page left to the browser (the cart: its content is in the browser's storage) is
  // sent as this placeholder: with its heading, the first paint shows what the page is (it is the
  // page's largest content) instead of a blank area until the remote's code has arrived and run. In
  // the browser the placeholder stays empty: a heading there, with the page's content still to come,
  // would tell a shopper (or a test) that the page is there when it is not.
  const onServer = useContext(ServerSlotContext) !== null;
  return (
    <RemoteErrorBoundary remote={remote} onRetry={() => forgetFailure({ remote, module })}>
      <Suspense fallback={<PageArea aria-busy="true">{onServer && heading ? <h1>{heading}</h1> : null}</PageArea>}>
        <PageArea>
          <RemotePageContent remote={remote} module={module} />
        </PageArea>
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * A page already loaded (the first page, loaded before the shell's first render) renders at once;
 * another is looked up on every render, so a retry (after forgetFailure) picks up a fresh load.
 * Once it has rendered (loaded, and thrown nothing), the page reports say the remote was viewed.
 * On the server, the page is the one the server render loaded (server-slot.ts), or the browser's to render.
 */
function RemotePageContent(page: RemotePage) {
  const serverSlot = useContext(ServerSlotContext);
  useRemoteView(page.remote, 'page');
  if (serverSlot) {
    const id = pageId(page);
    if (serverSlot.id !== id || !serverSlot.page) throw new BrowserSlot(id);
    const ServerPage = serverSlot.page;
    return <ServerPage />;
  }
  const Page = loadedRemotePage(page)?.default ?? lazyPage(page);
  // eslint-disable-next-line react-hooks/static-components -- not created here: the remote's loaded module, or lazyPage's one lazy component per page (lazyPages), the same on every render.
  return <Page />;
}

interface RemoteErrorBoundaryProps {
  /** The remote whose page this is: a render error is reported as its. */
  remote: string;
  /** Called before the page renders again on 'Try again'. */
  onRetry: () => void;
  children: ReactNode;
}

/** React catches render errors only in a class component. */
class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  /** A page that threw while rendering is an error of its remote; a failed load is reported where it failed (remotes.ts). */
  override componentDidCatch(error: unknown): void {
    if (!isRemoteLoadFailure(error)) reportRenderError(this.props.remote, error);
  }

  /** Renders the page again: a page that failed to load is fetched afresh. */
  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageArea>
        <Alert variant="danger">{UNAVAILABLE_NOTICE}</Alert>
        <Button type="button" $variant="light" onClick={this.retry}>
          Try again
        </Button>
      </PageArea>
    );
  }
}
