import { styled } from 'styled-components';

/** The area a remote's page fills: the same minimum height loading, loaded or failed, so nothing shifts. */
export const PageArea = styled.section`
  min-height: 60vh;
`;

export const Notice = styled.p`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: ${({ theme }) => theme.colors.dangerBg};
  color: ${({ theme }) => theme.colors.dangerText};
`;

export const RetryButton = styled.button`
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  cursor: pointer;
`;
