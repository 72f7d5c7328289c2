import { styled, css, type DefaultTheme } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  /** Colour scheme; primary by default. */
  $variant?: ButtonVariant;
  /** Padding and font size; md by default. */
  $size?: ButtonSize;
  /** Stretch to the width of the container (e.g. 'Add to Cart' in a narrow column). */
  $block?: boolean;
}

function palette(theme: DefaultTheme, variant: ButtonVariant) {
  const { colors } = theme;
  switch (variant) {
    case 'secondary':
      return { bg: colors.secondary, hover: colors.secondaryHover, fg: colors.onSecondary };
    case 'danger':
      return { bg: colors.danger, hover: colors.dangerHover, fg: colors.onDanger };
    case 'light':
      return { bg: colors.light, hover: colors.lightHover, fg: colors.onLight };
    default:
      return { bg: colors.primary, hover: colors.primaryHover, fg: colors.onPrimary };
  }
}

const sizes = {
  sm: css`
    min-height: 2rem;
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  `,
  md: css`
    min-height: 2.5rem;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    font-size: ${({ theme }) => theme.fontSizes.base};
  `,
  lg: css`
    min-height: 3rem;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  `,
};

/**
 * The shop's button. A real <button> (type="button" unless told otherwise, so it never submits a form
 * by accident); render it as a link with styled-components' `as`: `<Button as={Link} to="/">Go Back</Button>`.
 * Disabled buttons use the native attribute, so they are skipped by Tab and ignore clicks.
 */
export const Button = styled.button.attrs<ButtonStyleProps & { as?: unknown; type?: string }>((props) => ({
  // Only a native button gets a default type; a link rendered through `as` must not carry one.
  type: props.as === undefined ? (props.type ?? 'button') : props.type,
}))<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-family: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.durations.fast} ease-in-out;
  ${({ $size = 'md' }) => sizes[$size]}
  ${({ theme, $variant = 'primary' }) => {
    const { bg, hover, fg } = palette(theme, $variant);
    return css`
      background-color: ${bg};
      color: ${fg};
      &:hover:not(:disabled) {
        background-color: ${hover};
        color: ${fg};
      }
    `;
  }}

  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;
