import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { media, theme } from './theme.js';

const { colors, space, fontWeights } = theme;

export const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  /* Tight on a phone, so the four steps fit one 375 px line. */
  gap: ${space[1]};
  margin: 0 0 ${space[4]};
  padding: 0;
  list-style: none;
  ${media.up('sm')} {
    column-gap: ${space[3]};
  }
`;

export const StepLink = styled(Link)`
  display: inline-block;
  padding: ${space[2]};
  color: ${colors.primary};
  font-weight: ${fontWeights.medium};
  &[aria-current='step'] {
    font-weight: ${fontWeights.bold};
  }
`;

/* A step not reached yet: plain text, dimmed, not focusable. */
export const StepNotReached = styled.span`
  display: inline-block;
  padding: ${space[2]};
  color: ${colors.textMuted};
`;
