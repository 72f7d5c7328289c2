/** The search box's look: the shell's header box (a row of input and button) with a listbox under it. */
import { styled } from 'styled-components';
import { theme } from '@shop/ui';

const { colors, space, radii, borders, zIndices } = theme;

export const SearchForm = styled.form`
  display: flex;
  gap: ${space[1]};
`;

export const SearchField = styled.div`
  position: relative;
  flex: 1;
`;

export const SuggestionList = styled.ul`
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
`;

/** The option chosen with the arrows is the one with aria-selected="true". */
export const SuggestionOption = styled.li`
  padding: ${space[1]} ${space[2]};
  cursor: pointer;

  &:hover,
  &[aria-selected='true'] {
    background-color: ${colors.light};
  }
`;

export const SuggestionDetail = styled.span`
  display: block;
  color: ${colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
