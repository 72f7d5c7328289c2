/** The admin tables' toolbar (search, filters, export) and sortable headings: static CSS from the @shop/ui theme. */
import { css, media, theme } from '@shop/ui';

const { space, fontSizes, colors } = theme;

export const tableTools = {
  toolbar: 'admin-table-toolbar',
  search: 'admin-table-search',
  filters: 'admin-table-filters',
  count: 'admin-table-count',
  export: 'admin-table-export',
  sortLink: 'admin-sort-link',
} as const;

export const TABLE_TOOLS_STYLE_ID = 'admin-table-tools-style';

export const tableToolsCss = css`
.${tableTools.toolbar} {
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  margin-bottom: ${space[3]};
}
.${tableTools.search} {
  display: flex;
  gap: ${space[2]};
  align-items: flex-end;
}
.${tableTools.search} > :first-child {
  flex: 1;
}
.${tableTools.filters} {
  display: grid;
  /* minmax(0, …): a date field's or a select's own width never widens a column past the screen. */
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space[2]};
  align-items: end;
}
.${tableTools.filters} input,
.${tableTools.filters} select {
  width: 100%;
  min-width: 0;
}
${media.up('md')} {
  /* The search and 'Export CSV' on one row, the filters under them, four abreast. */
  .${tableTools.toolbar} {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'search export' 'filters filters';
    align-items: end;
  }
  .${tableTools.search} {
    grid-area: search;
    max-width: 40rem;
  }
  .${tableTools.filters} {
    grid-area: filters;
    grid-template-columns: repeat(4, minmax(0, 12rem));
  }
  .${tableTools.export} {
    grid-area: export;
  }
}
.${tableTools.count} {
  margin: 0 0 ${space[2]};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
}
.${tableTools.sortLink} {
  color: inherit;
  text-decoration: none;
  white-space: nowrap;
}
.${tableTools.sortLink}:hover,
.${tableTools.sortLink}:focus-visible {
  text-decoration: underline;
}
/*
 * The arrow is drawn, never read: its alternative text is empty (content: '▲' / ''), so a heading's
 * accessible name stays the spec's text (aria-sort says the order). A browser without alternative text
 * for generated content keeps the first declaration.
 */
.${tableTools.sortLink}::after {
  margin-left: ${space[1]};
  font-size: ${fontSizes.sm};
  content: '↕';
  content: '↕' / '';
  opacity: 0.5;
}
.${tableTools.sortLink}[data-sorted='asc']::after {
  content: '▲';
  content: '▲' / '';
  opacity: 1;
}
.${tableTools.sortLink}[data-sorted='desc']::after {
  content: '▼';
  content: '▼' / '';
  opacity: 1;
}
`;
