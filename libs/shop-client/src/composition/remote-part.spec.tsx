import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { OrderDto } from '@shop/contracts';
import { loadRemotePart, provideRemoteParts, RemotePart } from './remote-part.js';

const order = { _id: 'o1', isPaid: true, isDelivered: false } as OrderDto;

function Actions({ order: given }: { order: OrderDto }) {
  return <button type="button">Deliver {given._id}</button>;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('RemotePart', () => {
  it('renders a part loaded ahead at once, never its loading fallback', async () => {
    provideRemoteParts(async () => ({ default: Actions }));
    await loadRemotePart('admin', 'OrderAdminActions');

    render(<RemotePart remote="admin" part="OrderAdminActions" props={{ order }} fallback={<p>Loading actions</p>} />);

    expect(screen.getByRole('button', { name: 'Deliver o1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading actions')).not.toBeInTheDocument();
  });

  it('says when a part cannot be loaded ahead', async () => {
    provideRemoteParts(async () => undefined);
    await expect(loadRemotePart('admin', 'OrderAdminActions')).rejects.toThrow('The remote module admin/OrderAdminActions has no part to render');
  });

  it("loads the owner's part through the host's loader and gives it the props", async () => {
    const load = jest.fn(async (_id: string) => ({ default: Actions }));
    provideRemoteParts(load);

    render(<RemotePart remote="admin" part="OrderAdminActions" props={{ order }} fallback={<p>Loading actions</p>} />);

    expect(screen.getByText('Loading actions')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Deliver o1' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('admin/OrderAdminActions');
  });

  it('shows the fallback when the remote is down, and tries again at a later render', async () => {
    const load = jest.fn(async (_id: string): Promise<unknown> => {
      throw new Error('remote admin is down');
    });
    provideRemoteParts(load);

    const first = render(<RemotePart remote="admin" part="OrderAdminActions" props={{ order }} fallback={<p>No actions</p>} />);
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Remote part admin/OrderAdminActions is unavailable:', 'remote admin is down'));
    expect(screen.getByText('No actions')).toBeInTheDocument();
    first.unmount();

    load.mockImplementation(async () => ({ default: Actions }));
    render(<RemotePart remote="admin" part="OrderAdminActions" props={{ order }} />);
    expect(await screen.findByRole('button', { name: 'Deliver o1' })).toBeInTheDocument();
  });

  it('keeps a part that throws while rendering to its place', async () => {
    provideRemoteParts(async () => ({
      default: () => {
        throw new Error('broken build');
      },
    }));
    render(
      <main>
        <h1>Order o1</h1>
        <RemotePart remote="admin" part="OrderAdminActions" props={{ order }} />
      </main>,
    );

    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Remote part admin/OrderAdminActions is unavailable:', 'broken build'));
    expect(screen.getByRole('heading', { name: 'Order o1' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows its loading placeholder while loading, and its fallback only when the part cannot be loaded', async () => {
    let fail: (error: Error) => void = () => undefined;
    provideRemoteParts(() => new Promise((_, reject) => (fail = reject)));

    render(<RemotePart remote="checkout" part="SignInForm" props={{}} loading={<p>Loading the sign-in</p>} fallback={<p>Sign in at the shop</p>} />);

    expect(screen.getByText('Loading the sign-in')).toBeInTheDocument();
    expect(screen.queryByText('Sign in at the shop')).toBeNull();
    fail(new Error('remote checkout is down'));
    expect(await screen.findByText('Sign in at the shop')).toBeInTheDocument();
  });

  it('renders nothing where no host loads parts (a page without Module Federation)', async () => {
    provideRemoteParts(undefined as never);
    render(<RemotePart remote="checkout" part="SignInForm" props={{}} fallback={<p>Sign in at the shop</p>} />);
    expect(await screen.findByText('Sign in at the shop')).toBeInTheDocument();
  });
});
