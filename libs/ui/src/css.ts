/**
 * Static styles: each component's CSS is plain text built from the tokens once, when the module loads,
 * and sits in the page's one stylesheet (global-css.ts), which the shell's build writes into
 * index.html. Components only pick class names, so rendering one costs no CSS generation at all.
 */

/** Marks a template as CSS (editors highlight it); the result is the text with the values put in. */
export const css = (strings: TemplateStringsArray, ...values: Array<string | number>): string => String.raw({ raw: strings }, ...values);

/** Class names, skipping the false and empty ones: `cx('shop-btn', block && 'shop-btn--block', className)`. */
export const cx = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');
