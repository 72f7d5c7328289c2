/**
 * The header's search (spec sections 2 and 5): a keyword goes to /search/{keyword}, and an empty
 * or blank box goes back to the full list at /. The box shows the keyword of the search page being
 * shown (also after a reload) and empties on any other page.
 */
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Input, VisuallyHidden } from '@shop/ui';
import { SearchForm } from './header.styles.js';

export const SEARCH_PLACEHOLDER = 'Search Products...';

/** The path a search goes to. The keyword is encoded, so '/' or '?' in it stays part of it. */
export function searchPath(text: string): string {
  const keyword = text.trim();
  return keyword ? `/search/${encodeURIComponent(keyword)}` : '/';
}

/** The keyword of a search page's path (/search/{keyword}[/page/{n}]), or '' elsewhere. */
export function keywordOf(pathname: string): string {
  const encoded = /^\/search\/([^/]+)/.exec(pathname)?.[1];
  if (!encoded) return '';
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

export function SearchBox() {
  const { pathname } = useLocation();
  const [text, setText] = useState(() => keywordOf(pathname));
  // Adjusted while rendering when the page changes (React's pattern for state following a prop).
  const [shownFor, setShownFor] = useState(pathname);
  if (pathname !== shownFor) {
    setShownFor(pathname);
    setText(keywordOf(pathname));
  }
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(searchPath(text));
  };

  return (
    <SearchForm role="search" onSubmit={submit}>
      <label htmlFor="shop-search">
        <VisuallyHidden>Search products</VisuallyHidden>
      </label>
      <Input
        id="shop-search"
        type="search"
        name="q"
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" $variant="light">
        Search
      </Button>
    </SearchForm>
  );
}
