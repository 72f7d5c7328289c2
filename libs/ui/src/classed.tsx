import type { ComponentPropsWithoutRef, ComponentType, ElementType } from 'react';
import { cx } from './css.js';

/**
 * A component that renders `Tag` with a fixed class added to any it is given: the static-CSS
 * counterpart of `styled.div` for parts that only need a class (`classed(Link, 'shop-header__brand')`).
 * Refs pass through as props (React 19).
 */
export function classed<Tag extends ElementType>(Tag: Tag, className: string): ComponentType<ComponentPropsWithoutRef<Tag> & { ref?: unknown }> {
  const Element = Tag as ElementType;
  function Classed(props: ComponentPropsWithoutRef<Tag> & { className?: string }) {
    return <Element {...props} className={cx(className, props.className)} />;
  }
  Classed.displayName = `classed(${className})`;
  return Classed as ComponentType<ComponentPropsWithoutRef<Tag> & { ref?: unknown }>;
}
