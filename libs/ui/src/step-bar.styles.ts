import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { media } from './theme.js';

export const List = styled.ol`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  /* Tight on a phone, so the four steps fit one 375 px line. */
  gap: ${({ theme }) => theme.space[1]};
  margin: ${({ theme }) => `0 0 ${theme.space[4]}`};
  padding: 0;
  list-style: none;

  ${media.up('sm')} {
    column-gap: ${({ theme }) => theme.space[3]};
  }
`;

export const StepLink = styled(Link)`
  display: inline-block;
  padding: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  &[aria-current='step'] {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

/** A step not reached yet: plain text, dimmed, not focusable. */
export const StepDisabled = styled.span`
  display: inline-block;
  padding: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
`;
