/** Test helpers for the frame: the header inside the shell's providers, at a URL, with the location shown. */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { UserInfoDto } from '@shop/contracts';
import { createShopQueryClient, shopStore } from '@shop/shop-client';
import { AppProviders } from '../providers.js';
import { Header } from './header.js';

/** Shows the current path, so a test can see where the header navigated. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output aria-label="Current path">{pathname}</output>;
}

export function renderHeaderAt(path = '/') {
  // A declarative router: jsdom lacks the fetch Request a data router builds on every navigation.
  return render(
    <AppProviders queryClient={createShopQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

class TimerChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => void setTimeout(() => this.port1.onmessage?.({ data }), 0) };
}

/**
 * The header as the server renders it (every variant, the stored values to show), put in the document as
 * the browser receives it, before any script of the shell runs; its styles are in the document's head.
 */
export async function renderServerHeader(path = '/') {
  // React's server renderer (its browser build, as jest's jsdom resolves it) schedules its work through a
  // MessageChannel, which jsdom lacks: one that runs the port's handler on a timer does the same.
  globalThis.MessageChannel ??= TimerChannel as unknown as typeof globalThis.MessageChannel;
  const { renderToString } = await import('react-dom/server');
  document.body.innerHTML = renderToString(
    <AppProviders queryClient={createShopQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const customer: UserInfoDto = { _id: 'u1', name: 'Jane Doe', email: 'jane@example.com', isAdmin: false, token: 'jane-token' };
export const admin: UserInfoDto = { _id: 'u2', name: 'Admin User', email: 'admin@example.com', isAdmin: true, token: 'admin-token' };

/** Signs in through the shared store, as the checkout remote's login page does. */
export function signInAs(user: UserInfoDto) {
  shopStore.signIn(user);
}
