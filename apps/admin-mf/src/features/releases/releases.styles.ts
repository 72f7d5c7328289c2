/** The releases board's look (sections, notes, the share select, the builds' cells): static CSS from the @shop/ui theme, added once by ReleasesBoard. */
import { classed, css, Select, theme } from '@shop/ui';
import { RowHeader } from '../../shared/layout.js';

const { colors, space, fontSizes } = theme;

const releases = {
  section: 'admin-releases__section',
  subHeading: 'admin-releases__subheading',
  note: 'admin-releases__note',
  share: 'admin-releases__share',
  figure: 'admin-releases__figure',
  text: 'admin-releases__text',
  build: 'admin-releases__build',
} as const;

export const RELEASES_STYLE_ID = 'admin-releases-style';

/*
 * A class written twice (or three times) outweighs the rules it overrides whatever the stylesheets'
 * order: the table's cell rules (a class and an element), the select's control class, and the id
 * cell's own min-width (two classes) under the build cell's.
 */
export const releasesCss = css`
.${releases.section} {
  margin-top: ${space[4]};
}
.${releases.subHeading} {
  margin: 0 0 ${space[2]};
  font-size: ${fontSizes.xl};
}
.${releases.note} {
  margin: 0 0 ${space[2]};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
}
.${releases.share}.${releases.share} {
  width: auto;
  min-height: ${theme.controlHeights.sm};
  padding: 0 ${space[2]};
}
.${releases.figure}.${releases.figure} {
  text-align: right;
  font-variant-numeric: tabular-nums;
}
.${releases.text}.${releases.text} {
  min-width: 24ch;
  white-space: normal;
}
.${releases.build}.${releases.build}.${releases.build} {
  min-width: calc(10ch + 2 * ${space[2]} + 2 * ${theme.borders.hairline});
}
`;

/** One remote's builds, or the recent actions, under their own heading. */
export const Section = classed('section', releases.section);

/** A section's h2: the remote's name, or 'Recent actions'. */
export const SubHeading = classed('h2', releases.subHeading);

/** A line of explanation under the heading (the automatic rollback's rule, when a canary started). */
export const Note = classed('p', releases.note);

/** The share a canary is promoted to: as wide as its options, the height of a small button beside it. */
export const ShareSelect = classed(Select, releases.share);

/** A figure's cell: right-aligned, so the digits line up down the column. */
export const Figure = classed('td', releases.figure);

/** A cell of free text (a build's status, an action's detail): it wraps instead of widening the table past the screen. */
export const TextCell = classed('td', releases.text);

/** A build's id as its row's header: a build id (10 characters) on one line, a longer one wrapping. */
export const BuildCell = classed(RowHeader, releases.build);
