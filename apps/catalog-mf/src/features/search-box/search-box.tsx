/**
 * The header's search box with suggestions (docs/catalog-mf.md, "Search box"), exposed to the shell as
 * the part `catalog/SearchBox`; the shell's own plain box stands in when catalog is down and on the
 * server. The spec's box (placeholder 'Search Products...', button 'Search'; a trimmed, non-empty text
 * goes to /search/{keyword}, an empty one to /), plus the WAI-ARIA 1.2 combobox pattern: a listbox of
 * products for what is typed, asked once typing pauses (150 ms), arrow keys to move through it, Enter
 * to open the product chosen (or search when none is), Escape to close it, and a live region saying how
 * many there are.
 */
import { keywordOf, MAX_SEARCH_TEXT_LENGTH, SEARCH_FORM, searchPath, SEARCH_PLACEHOLDER } from '@shop/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Input, VisuallyHidden } from '@shop/ui';
import { MIN_SUGGESTION_LENGTH, useSuggestions } from './api/get-suggestions.js';
import { SearchField, SearchForm, SuggestionDetail, SuggestionList, SuggestionOption } from './search-box.styles.js';
import { useDebouncedValue } from './use-debounced-value.js';

export { SEARCH_PLACEHOLDER } from '@shop/contracts';
/** How long typing must pause before suggestions are asked. */
export const SUGGESTION_DELAY_MS = 150;

export { keywordOf, searchPath } from '@shop/contracts';

export interface SearchBoxProps {
  /** The text to start with (the box this one replaces held it); the search page's keyword otherwise. */
  initialText?: string;
  /** Takes the focus when it appears (the box it replaces had it). */
  autoFocus?: boolean;
}

export function SearchBox({ initialText, autoFocus = false }: SearchBoxProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [text, setText] = useState(() => initialText ?? keywordOf(pathname));
  // The box shows the keyword of the search page being shown and empties elsewhere (as the shell's box).
  const [shownFor, setShownFor] = useState(pathname);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  if (pathname !== shownFor) {
    setShownFor(pathname);
    setText(keywordOf(pathname));
    setOpen(false);
    setActive(-1);
  }
  const typed = useDebouncedValue(text, SUGGESTION_DELAY_MS);
  const { data } = useSuggestions(typed, open);
  // Only the answer for what the box holds now: a text typed since has its own on the way.
  const current = typed === text && text.trim().length >= MIN_SUGGESTION_LENGTH ? data?.suggestions : undefined;
  const suggestions = current ?? [];
  const expanded = open && suggestions.length > 0;
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  const choose = (index: number) => {
    const product = suggestions[index];
    if (!product) return;
    setOpen(false);
    setActive(-1);
    void navigate(`/product/${encodeURIComponent(product._id)}`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (expanded && active >= 0) return choose(active);
    setOpen(false);
    void navigate(searchPath(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      // From the box, down goes to the first and up to the last; past either end, back to the box.
      setActive((was) => {
        if (!expanded) return step > 0 ? 0 : suggestions.length - 1;
        const next = was + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !open || current === undefined ? '' : suggestions.length === 0 ? 'No suggestions' : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available, use the up and down arrows to choose`;

  return (
    <SearchForm role="search" action={SEARCH_FORM.action} method="get" onSubmit={submit}>
      <label htmlFor="shop-search">
        <VisuallyHidden>Search products</VisuallyHidden>
      </label>
      <SearchField>
        <Input
          id="shop-search"
          type="search"
          name={SEARCH_FORM.field}
          maxLength={MAX_SEARCH_TEXT_LENGTH}
          role="combobox"
          // The shopper was typing in the box this one replaced: they go on typing here.
          autoFocus={autoFocus}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <SuggestionList id={listId} role="listbox" aria-label="Suggested products" hidden={!expanded}>
          {expanded &&
            suggestions.map((product, index) => (
              <SuggestionOption
                key={product._id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Before the input's blur closes the list, so the click lands on the option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
              >
                {product.name}
                <SuggestionDetail>
                  {product.brand} · {product.category}
                </SuggestionDetail>
              </SuggestionOption>
            ))}
        </SuggestionList>
        <VisuallyHidden role="status" aria-live="polite">
          {status}
        </VisuallyHidden>
      </SearchField>
      <Button type="submit" $variant="light">
        Search
      </Button>
    </SearchForm>
  );
}
