import type { ComponentProps, ComponentType } from 'react';
import { classed, cx, IdCell, useStaticStyles } from '@shop/ui';
import { layout, LAYOUT_STYLE_ID, layoutCss } from './layout.styles.js';

/**
 * A layout part that adds the layout's stylesheet itself when it renders: the parts are used across
 * the admin screens (and the standalone sign-in), so no one screen owns the stylesheet.
 */
function withLayoutStyles<Props extends object>(Part: ComponentType<Props>): ComponentType<Props> {
  function WithLayoutStyles(props: Props) {
    useStaticStyles(LAYOUT_STYLE_ID, layoutCss);
    return <Part {...props} />;
  }
  WithLayoutStyles.displayName = Part.displayName;
  return WithLayoutStyles;
}

/** A screen's h1, spaced like the catalog's headings. */
export const Heading = withLayoutStyles(classed('h1', layout.heading));

/** The heading of a table screen with its main action on the right (wrapping under it on a phone). */
export const TitleBar = withLayoutStyles(classed('div', layout.titleBar));

/** Buttons side by side: a table row's actions, or the title bar's action with its spinner. */
export const RowActions = withLayoutStyles(classed('div', layout.rowActions));

/** Parts one above the other with the theme's small gap: an order's actions. */
export const Stack = withLayoutStyles(classed('div', layout.stack));

/** An edit form: full width on a phone, no wider than a small container above. */
export const FormBox = withLayoutStyles(classed('div', layout.formBox));

/** The 'Go Back' link above an edit form. */
export const BackBar = withLayoutStyles(classed('div', layout.backBar));

/** A row's id cell: the row's header for screen readers, in the weight of the other cells, wrapping a long id. */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  useStaticStyles(LAYOUT_STYLE_ID, layoutCss);
  return <IdCell {...props} as="th" scope="row" className={cx(layout.rowHeader, className)} />;
}

/**
 * The 1-based page of a table from its route's `:pageNumber`: a plain whole number from 1, anything
 * else (missing, `abc`, `-1`, `1.5`) page 1. A number past the last page is the table's to handle.
 */
export function pageOf(pageNumber: string | undefined): number {
  return pageNumber !== undefined && /^[1-9][0-9]{0,5}$/.test(pageNumber) ? Number(pageNumber) : 1;
}
