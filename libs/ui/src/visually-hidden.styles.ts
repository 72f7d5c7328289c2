import { styled } from 'styled-components';

/**
 * Out of sight, still in the accessibility tree (unlike display: none). `!important`, so no style of the
 * element it sits in or of a wrapper can bring it back into view.
 */
export const Hidden = styled.span`
  position: absolute !important;
  width: 1px !important;
  height: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
`;
