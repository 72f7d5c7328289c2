/** The search box's look: the shell's header box (a row of input and button) with a listbox under it. */
import { css, theme } from '@shop/ui';

const { colors, space, radii, borders, zIndices } = theme;

export const searchBox = {
  form: 'catalog-search-box',
  field: 'catalog-search-box__field',
  list: 'catalog-search-box__list',
  option: 'catalog-search-box__option',
  active: 'catalog-search-box__option--active',
  detail: 'catalog-search-box__detail',
} as const;

export const SEARCH_BOX_STYLE_ID = 'catalog-search-box-style';

export const searchBoxCss = css`
.${searchBox.form} {
  display: flex;
  gap: ${space[1]};
}
.${searchBox.field} {
  position: relative;
  flex: 1;
}
.${searchBox.list} {
  position: absolute;
  z-index: ${zIndices.dropdown};
  inset-inline: 0;
  top: 100%;
  margin: ${space[1]} 0 0;
  padding: ${space[1]} 0;
  list-style: none;
  background-color: ${colors.background};
  color: ${colors.text};
  border: ${borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
}
.${searchBox.option} {
  padding: ${space[1]} ${space[2]};
  cursor: pointer;
}
.${searchBox.option}:hover,
.${searchBox.active} {
  background-color: ${colors.light};
}
.${searchBox.detail} {
  display: block;
  color: ${colors.textMuted};
  font-size: ${theme.fontSizes.sm};
}
`;
