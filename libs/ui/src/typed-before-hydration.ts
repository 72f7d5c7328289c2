/**
 * Text a shopper typed into a server-rendered field before the page was hydrated (docs/ssr.md, "Forms
 * before and without the shell"). React 19 hydrates a controlled field without touching what it shows,
 * and takes what it shows as its value: the box shows the typed text while the component's state still
 * holds the server's ('' for an empty form), so the submit would send the server's. Once, as the field is
 * hydrated, this hands the text to the field's own onChange, as if it had been typed now. A field the
 * browser rendered itself shows its state already: nothing happens.
 */
import { useImperativeHandle, useLayoutEffect, useRef, type ChangeEventHandler, type Ref, type RefObject } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Which event React's onChange listens to for this control. */
function changeEventOf(element: TextControl): string {
  return element instanceof HTMLSelectElement ? 'change' : 'input';
}

/** The inputs whose value is text the shopper gives (not a box, a button or a file). */
function holdsText(element: TextControl): boolean {
  return !(element instanceof HTMLInputElement) || !['checkbox', 'radio', 'file', 'submit', 'reset', 'button', 'image'].includes(element.type);
}

/** Hands what the field showed at hydration to `onChange` when it differs from `value`; answers the ref to put on the field (the caller's own ref gets it too). */
export function useTypedBeforeHydration<E extends TextControl>(
  value: unknown,
  onChange: ChangeEventHandler<E> | undefined,
  ref: Ref<E> | undefined,
): RefObject<E | null> {
  const own = useRef<E | null>(null);
  useLayoutEffect(() => {
    const element = own.current;
    if (!element || value === undefined || value === null || !onChange || !holdsText(element)) return;
    const expected = String(value);
    if (element.value === expected) return;
    if (!(element instanceof HTMLSelectElement)) {
      // React's value tracker holds what is shown: set the expected value through it (the element's own
      // `value` setter, React's), then the shown one around it (the prototype's), so the event is a change.
      const shown = element.value;
      element.value = expected;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set?.call(element, shown);
    }
    element.dispatchEvent(new Event(changeEventOf(element), { bubbles: true }));
    // Once, as the field mounts (is hydrated): `value` and `onChange` are read as they were then on
    // purpose. Listed as dependencies, the effect would run at every keystroke and hand the field's text
    // back to onChange again; afterwards the state is the field's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The caller's own ref gets the element too.
  useImperativeHandle(ref, () => own.current as E, []);
  return own;
}
