/**
 * Renders one remote's page in its own area. While the remote downloads, a placeholder holds the
 * space; if it fails to load or throws while rendering, a notice with a retry takes its place and
 * the rest of the shell keeps working.
 */
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadRemotePage, type RemotePage } from '../remotes.js';
import { Notice, PageArea, RetryButton } from './remote-boundary.styles.js';

export const UNAVAILABLE_NOTICE = 'This part of the shop is unavailable right now';

// One lazy component per page, so moving between routes of the same page does not suspend again.
// A page that failed to load is forgotten, so a retry or a later visit fetches it afresh.
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(page: RemotePage): LazyExoticComponent<ComponentType> {
  const id = `${page.remote}/${page.module}`;
  let Page = lazyPages.get(id);
  if (!Page) {
    Page = lazy(() =>
      loadRemotePage(page).catch((error: unknown) => {
        lazyPages.delete(id);
        throw error;
      }),
    );
    lazyPages.set(id, Page);
  }
  return Page;
}

export function RemoteBoundary({ remote, module }: RemotePage) {
  return (
    <RemoteErrorBoundary>
      <Suspense fallback={<PageArea aria-busy="true" />}>
        <RemotePageContent remote={remote} module={module} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** Looks the page up when it mounts, so a retry (which mounts it again) picks up a fresh load. */
function RemotePageContent(page: RemotePage) {
  const Page = lazyPage(page);
  return <Page />;
}

interface RemoteErrorBoundaryProps {
  children: ReactNode;
}

/** React catches render errors only in a class component. */
class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  /** Renders the page again: a page that failed to load is fetched afresh (see lazyPage). */
  private readonly retry = () => this.setState({ failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageArea>
        <Notice role="alert">{UNAVAILABLE_NOTICE}</Notice>
        <RetryButton type="button" onClick={this.retry}>
          Try again
        </RetryButton>
      </PageArea>
    );
  }
}
