/**
 * How the shell's frame renders a remote's page on the server (docs/ssr.md). The server render loads
 * the page's module from the shopper's build set before it renders, and hands it down here; a page it
 * could not load in time, or whose remote has no server build, is left to the browser: its slot throws
 * BrowserSlot, and React sends that Suspense boundary's fallback for the browser to render.
 */
import { createContext, type ComponentType } from 'react';
import { BROWSER_SLOT_DIGEST } from '@shop/contracts';

export interface ServerSlot {
  /** `remote/Module` of the page the server rendered, and its component; none when it is the browser's. */
  id: string;
  page?: ComponentType;
}

/** Set only in a server render; the browser's frame loads pages through the MF runtime (remotes.ts). */
export const ServerSlotContext = createContext<ServerSlot | null>(null);

/** Thrown in a slot left to the browser: the digest tells the browser's hydration it was planned. */
export class BrowserSlot extends Error {
  readonly digest = BROWSER_SLOT_DIGEST;

  constructor(id: string) {
    super(`${id} renders in the browser`);
    this.name = 'BrowserSlot';
  }
}
