import { createContext, useContext, useInsertionEffect } from 'react';

/**
 * Adds `cssText` to the page as a `<style id={id}>` unless the page has one with that id already
 * (the shell's index.html carries the shop's stylesheet; see global-css.ts; a server-rendered page
 * carries the stylesheets its first render used). Styles belong to the page: they stay when the
 * component that added them unmounts.
 */
export function addStaticStyles(id: string, cssText: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = cssText;
  document.head.append(style);
}

/**
 * Where a server render collects the stylesheets its parts use, by id, to write them into the page's
 * `<head>` as `<style id>` elements (docs/ssr.md): the browser then finds them there and adds none.
 */
export type StaticStylesCollection = Map<string, string>;

const StaticStylesCollector = createContext<StaticStylesCollection | null>(null);

/** Around a server render: every useStaticStyles below it adds its stylesheet to `value`. */
export const StaticStylesProvider = StaticStylesCollector.Provider;

/**
 * Adds a part's static stylesheet before its first paint (see addStaticStyles). In a server render
 * (a StaticStylesProvider above), it is collected instead, as the render goes: insertion effects do not
 * run on the server.
 */
export function useStaticStyles(id: string, cssText: string | (() => string)): void {
  const collected = useContext(StaticStylesCollector);
  if (collected && !collected.has(id)) collected.set(id, typeof cssText === 'function' ? cssText() : cssText);
  useInsertionEffect(() => {
    if (!document.getElementById(id)) addStaticStyles(id, typeof cssText === 'function' ? cssText() : cssText);
  }, [id, cssText]);
}
