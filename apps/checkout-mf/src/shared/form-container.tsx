import type { ComponentPropsWithoutRef } from 'react';
import { css, cx, media, theme, useStaticStyles } from '@shop/ui';

const formContainer = 'checkout-form-column';

const FORM_CONTAINER_STYLE_ID = 'checkout-form-column-style';

const formContainerCss = css`
.${formContainer} {
  width: 100%;
  margin-inline: auto;
}
${media.up('md')} {
  .${formContainer} {
    max-width: ${theme.sizes.formColumn};
  }
}
`;

/** A narrow centred column for the sign-in, register and checkout forms: full width at 375 px. */
export function FormContainer({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  useStaticStyles(FORM_CONTAINER_STYLE_ID, formContainerCss);
  return <div {...props} className={cx(formContainer, className)} />;
}
