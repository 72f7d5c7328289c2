/**
 * Tells the page reports (page-reports/page-reports.ts) that a remote's page or part rendered. An
 * effect runs only once React committed the tree it belongs to: a module that loaded but threw while
 * rendering is never counted as viewed, only as an error.
 */
import { createElement, useEffect, type ComponentType } from 'react';
import { reportRemoteView, type ShownAs } from '../page-reports/page-reports.js';

/** Reports a view of `remote` once the component using it has rendered without error. */
export function useRemoteView(remote: string, shownAs: ShownAs): void {
  useEffect(() => reportRemoteView(remote, shownAs), [remote, shownAs]);
}

/** Loads `remote/Part` by id, as RemotePart of @shop/shop-client asks for it. */
export type ModuleLoader = (id: string) => Promise<unknown>;

/**
 * The loader handed to RemotePart, with each part's component wrapped so its render reports a view of
 * its remote: the shell sees parts only through this loader (RemotePart renders them in the remotes).
 */
export function reportingPartViews(load: ModuleLoader): ModuleLoader {
  return (id) => load(id).then((module) => withViewReport(id.slice(0, id.indexOf('/')), module));
}

type PartComponent = ComponentType<Record<string, unknown>>;

function withViewReport(remote: string, module: unknown): unknown {
  if (typeof module !== 'object' || module === null || !('default' in module)) return module;
  const { default: part } = module;
  // Anything else is RemotePart's to refuse, as it does with a module of no component.
  if (typeof part !== 'function' && (typeof part !== 'object' || part === null)) return module;
  const Part = part as PartComponent;
  function ReportedPart(props: Record<string, unknown>) {
    useRemoteView(remote, 'part');
    return createElement(Part, props);
  }
  return Object.assign({}, module, { default: ReportedPart });
}
