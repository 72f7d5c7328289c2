/**
 * The header's search (spec sections 2 and 5): a keyword goes to /search/{keyword}, and an empty
 * or blank box goes back to the full list at /.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Input, VisuallyHidden } from '@shop/ui';
import { SearchForm } from './header.styles.js';

export const SEARCH_PLACEHOLDER = 'Search Products...';

/** The path a search goes to. The keyword is encoded, so '/' or '?' in it stays part of it. */
export function searchPath(text: string): string {
  const keyword = text.trim();
  return keyword ? `/search/${encodeURIComponent(keyword)}` : '/';
}

export function SearchBox() {
  const [text, setText] = useState('');
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
