import { useInsertionEffect } from 'react';

/**
 * Adds `cssText` to the page as a `<style id={id}>` unless the page has one with that id already
 * (the shell's index.html carries the shop's stylesheet; see global-css.ts). Styles belong to the
 * page: they stay when the component that added them unmounts.
 */
export function addStaticStyles(id: string, cssText: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = cssText;
  document.head.append(style);
}

/** Adds a part's static stylesheet before its first paint (see addStaticStyles). */
export function useStaticStyles(id: string, cssText: string | (() => string)): void {
  useInsertionEffect(() => {
    if (!document.getElementById(id)) addStaticStyles(id, typeof cssText === 'function' ? cssText() : cssText);
  }, [id, cssText]);
}
