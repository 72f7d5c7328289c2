import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockApi, renderRoute } from '@shop/web-testing';
import { theme } from '@shop/ui';
import { SearchBox } from './search-box.js';

const suggestions = [
  { _id: 'p1', name: 'iPhone 15 Pro 256GB', brand: 'Apple', category: 'Electronics' },
  { _id: 'p2', name: 'iPhone Case', brand: 'Spigen', category: 'Accessories' },
];

function renderBox(path = '/') {
  return renderRoute(
    path,
    <Routes>
      <Route path="*" element={<SearchBox />} />
    </Routes>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const box = () => screen.getByRole('combobox');

describe('the header search box with suggestions', () => {
  it('is the spec box: placeholder, Search button, a trimmed keyword to /search, a blank one to /', () => {
    mockApi({});
    renderBox('/cart');
    expect(box()).toHaveAttribute('placeholder', 'Search Products...');
    fireEvent.change(box(), { target: { value: '  phone case ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('/search/phone%20case');
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('/');
  });

  it('suggests products once typing pauses, says how many, and asks only for the last text', async () => {
    const { calls } = mockApi({ 'GET /api/products/suggestions': { json: { suggestions } } });
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'ip' } });
    fireEvent.change(box(), { target: { value: 'iph' } });
    fireEvent.change(box(), { target: { value: 'ipho' } });
    const listbox = await screen.findByRole('listbox', { name: 'Suggested products' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByText(/2 suggestions available/)).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/products/suggestions?q=ipho']);
  });

  it('moves through the suggestions with the arrow keys and opens the chosen product with Enter', async () => {
    mockApi({ 'GET /api/products/suggestions': { json: { suggestions } } });
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'iphone' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const [first, second] = screen.getAllByRole('option');
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    // The chosen option is the highlighted one.
    expect(first).toHaveStyle({ backgroundColor: theme.colors.light });
    expect(second).not.toHaveStyle({ backgroundColor: theme.colors.light });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    fireEvent.submit(box().closest('form')!);
    expect(address()).toBe('/product/p1');
  });

  it('closes with Escape, and Enter without a chosen suggestion searches as before', async () => {
    mockApi({ 'GET /api/products/suggestions': { json: { suggestions } } });
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'iphone' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    fireEvent.submit(box().closest('form')!);
    expect(address()).toBe('/search/iphone');
    expect(box()).toHaveValue('iphone');
  });

  it('opens a product clicked in the list', async () => {
    mockApi({ 'GET /api/products/suggestions': { json: { suggestions } } });
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'case' } });
    fireEvent.click(await screen.findByRole('option', { name: /iPhone Case/ }));
    expect(address()).toBe('/product/p2');
  });

  it("asks nothing for the search page's keyword until the shopper uses the box", async () => {
    const { calls } = mockApi({ 'GET /api/products/suggestions': { json: { suggestions } } });
    renderBox('/search/iphone');
    expect(box()).toHaveValue('iphone');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(calls).toHaveLength(0);
    fireEvent.focus(box());
    await screen.findAllByRole('option');
    expect(calls.map((call) => call.url)).toEqual(['/api/products/suggestions?q=iphone']);
  });

  it('asks nothing for a single letter, and shows no list when nothing is suggested', async () => {
    const { calls } = mockApi({ 'GET /api/products/suggestions': { json: { suggestions: [] } } });
    renderBox();
    fireEvent.focus(box());
    fireEvent.change(box(), { target: { value: 'i' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(calls).toHaveLength(0);
    fireEvent.change(box(), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('No suggestions')).toBeInTheDocument());
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
