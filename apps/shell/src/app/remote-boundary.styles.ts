import { styled } from 'styled-components';

/** The area a remote's page fills: the same minimum height loading, loaded or failed, so nothing shifts. */
export const PageArea = styled.section`
  min-height: 60vh;
`;
