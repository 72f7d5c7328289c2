import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { button } from './button.styles.js';
import { cx } from './css.js';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  /** Colour scheme; primary by default. */
  $variant?: ButtonVariant;
  /** Padding and font size; md by default. */
  $size?: ButtonSize;
  /** Stretch to the width of the container (e.g. 'Add to Cart' in a narrow column). */
  $block?: boolean;
}

/** A Button's props: its own, the element's it renders as (`as`), a native button's by default. */
export type ButtonProps<As extends ElementType = 'button'> = ButtonStyleProps & { as?: As } & Omit<ComponentPropsWithoutRef<As>, keyof ButtonStyleProps | 'as'>;

/**
 * The shop's button. A real <button> (type="button" unless told otherwise, so it never submits a form
 * by accident); render it as a link with `as`: `<Button as={Link} to="/">Go Back</Button>`.
 * Disabled buttons use the native attribute, so they are skipped by Tab and ignore clicks.
 */
export function Button<As extends ElementType = 'button'>({ as, $variant = 'primary', $size = 'md', $block = false, className, ...props }: ButtonProps<As>) {
  const Element: ElementType = as ?? 'button';
  // Only a native button gets a default type; a link rendered through `as` must not carry one.
  const type = as === undefined ? ((props as { type?: string }).type ?? 'button') : (props as { type?: string }).type;
  return <Element {...props} type={type} className={cx(button.root, button.variant[$variant], button.size[$size], $block && button.block, className as string | undefined)} />;
}
