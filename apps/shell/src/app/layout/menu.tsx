/**
 * A disclosure menu of links: a button with aria-expanded that shows or hides a list. Escape closes
 * it and gives focus back to the button; choosing a link, or focus or a click leaving the menu,
 * closes it too. A plain list of links (not role="menu") keeps the usual link keyboard behaviour.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent } from 'react';
import { MenuList, MenuRoot, MenuToggle } from './header.styles.js';

export interface MenuProps {
  /** The button's text (the user's name, 'Admin'). */
  label: ReactNode;
  /** The menu's items: `<li>` elements holding a link or a button each. */
  children: ReactNode;
}

export function Menu({ label, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A click anywhere outside closes the menu, as a shopper expects of a dropdown.
  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <MenuRoot
      ref={rootRef}
      onKeyDown={closeOnEscape}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <MenuToggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {label}
      </MenuToggle>
      <MenuList id={listId} hidden={!open} onClick={() => setOpen(false)}>
        {children}
      </MenuList>
    </MenuRoot>
  );
}
