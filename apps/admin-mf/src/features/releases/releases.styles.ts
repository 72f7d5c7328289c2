/** The releases board's look (sections, notes, the share select, the builds' cells): styled components, every value from the @shop/ui theme. */
import { styled } from 'styled-components';
import { Select, theme } from '@shop/ui';
import { RowHeader } from '../../shared/layout.js';

const { colors, space, fontSizes } = theme;

/*
 * `&&` (or `&&&`) writes the component's class twice (three times), which outweighs the rules it
 * overrides whatever the stylesheets' order: the table's cell rules (a class and an element), the
 * select's control class, and the id cell's own min-width (two classes) under the build cell's.
 */

/** One remote's builds, or the recent actions, under their own heading. */
export const Section = styled.section`
  margin-top: ${space[4]};
`;

/** A section's h2: the remote's name, or 'Recent actions'. */
export const SubHeading = styled.h2`
  margin: 0 0 ${space[2]};
  font-size: ${fontSizes.xl};
`;

/** A line of explanation under the heading (the automatic rollback's rule, when a canary started). */
export const Note = styled.p`
  margin: 0 0 ${space[2]};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
`;

/** The share a canary is promoted to: as wide as its options, the height of a small button beside it. */
export const ShareSelect = styled(Select)`
  && {
    width: auto;
    min-height: ${theme.controlHeights.sm};
    padding: 0 ${space[2]};
  }
`;

/** A figure's cell: right-aligned, so the digits line up down the column. */
export const Figure = styled.td`
  && {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** A cell of free text (a build's status, an action's detail): it wraps instead of widening the table past the screen. */
export const TextCell = styled.td`
  && {
    min-width: 24ch;
    white-space: normal;
  }
`;

/** A build's id as its row's header: a build id (10 characters) on one line, a longer one wrapping. */
export const BuildCell = styled(RowHeader)`
  &&& {
    min-width: calc(10ch + 2 * ${space[2]} + 2 * ${theme.borders.hairline});
  }
`;
