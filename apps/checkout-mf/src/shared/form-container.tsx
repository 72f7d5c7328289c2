import { styled } from 'styled-components';
import { media, theme } from '@shop/ui';

/** A narrow centred column for the sign-in, register and checkout forms: full width at 375 px. */
export const FormContainer = styled.div`
  width: 100%;
  margin-inline: auto;

  ${media.up('md')} {
    max-width: ${theme.sizes.formColumn};
  }
`;
