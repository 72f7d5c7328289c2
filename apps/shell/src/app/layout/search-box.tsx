/**
 * The header's search (spec sections 2 and 5): a keyword goes to /search/{keyword}, and an empty
 * or blank box goes back to the full list at /. The box shows the keyword of the search page being
 * shown (also after a reload) and empties on any other page.
 */
import { keywordOf, MAX_SEARCH_TEXT_LENGTH, SEARCH_FORM, searchPath, SEARCH_PLACEHOLDER } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Input, VisuallyHidden } from '@shop/ui';
import { SearchForm } from './header.styles.js';

export { SEARCH_PLACEHOLDER } from '@shop/contracts';
/** The box's id; catalog's box with suggestions, which replaces it once loaded, takes over its text and focus. */
export const SEARCH_BOX_ID = 'shop-search';

export { keywordOf, searchPath } from '@shop/contracts';

/**
 * What the shopper typed into the server-rendered box before the shell hydrated it: the box is then
 * the server's element, and its text theirs (React would otherwise set it back to the page's keyword).
 */
function typedBeforeHydration(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const box = document.getElementById(SEARCH_BOX_ID);
  return box instanceof HTMLInputElement && box.value !== box.defaultValue ? box.value : undefined;
}

export function SearchBox() {
  const { pathname } = useLocation();
  const [text, setText] = useState(() => typedBeforeHydration() ?? keywordOf(pathname));
  // Adjusted while rendering when the page changes (React's pattern for state following a prop).
  const [shownFor, setShownFor] = useState(pathname);
  if (pathname !== shownFor) {
    setShownFor(pathname);
    setText(keywordOf(pathname));
  }
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box shows, which is what the shopper typed: a submit held while the shell started (docs/ssr.md)
    // may come before the state has caught up with text typed as the box was hydrated.
    const box = event.currentTarget.elements.namedItem(SEARCH_FORM.field);
    void navigate(searchPath(box instanceof HTMLInputElement ? box.value : text));
  };

  return (
    // A plain form too (libs/contracts' plain-forms.ts): without JavaScript, or before the shell has
    // started, the browser sends it and the gateway answers with the search page.
    <SearchForm role="search" action={SEARCH_FORM.action} method="get" onSubmit={submit}>
      <label htmlFor={SEARCH_BOX_ID}>
        <VisuallyHidden>Search products</VisuallyHidden>
      </label>
      <Input
        id={SEARCH_BOX_ID}
        type="search"
        name={SEARCH_FORM.field}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
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
