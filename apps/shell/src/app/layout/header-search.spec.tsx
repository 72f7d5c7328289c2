import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RemotePartProps } from '@shop/contracts';
import { provideRemoteParts } from '@shop/shop-client';
import { HeaderSearch } from './header-search.js';

function renderSearch() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <HeaderSearch />
    </MemoryRouter>,
  );
}

/** Catalog's box (a stand-in showing what it was handed) loads once the returned function is called. */
function catalogBoxArrivingLater(): () => void {
  let arrive: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (arrive = resolve));
  const CatalogBox = ({ text, focused }: RemotePartProps['SearchBox']) => <output aria-label="Catalog box">{`${text} ${String(focused)}`}</output>;
  provideRemoteParts(async (id) => {
    await loaded;
    return id === 'catalog/SearchBox' ? { default: CatalogBox } : undefined;
  });
  return () => arrive();
}

describe("the header's search", () => {
  it("keeps the shell's plain box when catalog's box cannot be loaded", async () => {
    provideRemoteParts(async () => {
      throw new Error('catalog is down');
    });
    renderSearch();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByPlaceholderText('Search Products...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it("swaps in catalog's box once loaded, handing over the text typed and the focus", async () => {
    const arrive = catalogBoxArrivingLater();
    renderSearch();
    const plain = screen.getByPlaceholderText('Search Products...');
    plain.focus();
    fireEvent.change(plain, { target: { value: 'iph' } });
    arrive();
    expect(await screen.findByRole('status', { name: 'Catalog box' })).toHaveTextContent('iph true');
  });

  it('hands over what was typed after the part arrived and before the boxes were swapped', async () => {
    const arrive = catalogBoxArrivingLater();
    renderSearch();
    const plain = screen.getByPlaceholderText('Search Products...');
    plain.focus();
    fireEvent.change(plain, { target: { value: 'cam' } });
    arrive();
    // The part's promise settles (a few microtasks), and the shopper's next keys come before React's render.
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    fireEvent.change(plain, { target: { value: 'camera' } });
    expect(await screen.findByRole('status', { name: 'Catalog box' })).toHaveTextContent('camera true');
  });
});
