import type { ButtonHTMLAttributes, ComponentPropsWithoutRef, ElementType } from 'react';
import { ButtonRoot } from './button.styles.js';

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
 * Its look is chosen by data attributes (button.styles.ts), so it stays one static styled component.
 */
export function Button<As extends ElementType = 'button'>({ as, $variant = 'primary', $size = 'md', $block = false, ...props }: ButtonProps<As>) {
  // Only a native button gets a default type; a link rendered through `as` must not carry one.
  const given = (props as ButtonHTMLAttributes<HTMLButtonElement>).type;
  const type = as === undefined ? (given ?? 'button') : given;
  return <ButtonRoot as={as as ElementType | undefined} {...props} type={type} data-variant={$variant} data-size={$size} data-block={$block || undefined} />;
}
