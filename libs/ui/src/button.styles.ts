import { styled } from 'styled-components';
import { theme } from './theme.js';
import type { ButtonSize, ButtonVariant } from './button.js';

const { colors, space, fontSizes } = theme;

const palettes: Record<ButtonVariant, { bg: string; hover: string; fg: string }> = {
  primary: { bg: colors.primary, hover: colors.primaryHover, fg: colors.onPrimary },
  secondary: { bg: colors.secondary, hover: colors.secondaryHover, fg: colors.onSecondary },
  danger: { bg: colors.danger, hover: colors.dangerHover, fg: colors.onDanger },
  light: { bg: colors.light, hover: colors.lightHover, fg: colors.onLight },
};

const sizes: Record<ButtonSize, { minHeight: string; padding: string; fontSize: string }> = {
  sm: { minHeight: theme.controlHeights.sm, padding: `${space[1]} ${space[2]}`, fontSize: fontSizes.sm },
  md: { minHeight: theme.controlHeights.md, padding: `${space[2]} ${space[3]}`, fontSize: fontSizes.base },
  lg: { minHeight: theme.controlHeights.lg, padding: `${space[2]} ${space[4]}`, fontSize: fontSizes.lg },
};

const sizeRules = (Object.keys(sizes) as ButtonSize[])
  .map((size) => `&[data-size='${size}'] { min-height: ${sizes[size].minHeight}; padding: ${sizes[size].padding}; font-size: ${sizes[size].fontSize}; }`)
  .join('\n');

const variantRules = (Object.keys(palettes) as ButtonVariant[])
  .map((variant) => {
    const { bg, hover, fg } = palettes[variant];
    const selector = `&[data-variant='${variant}']`;
    return `${selector} { background-color: ${bg}; color: ${fg}; }\n${selector}:hover:not(:disabled) { background-color: ${hover}; color: ${fg}; }`;
  })
  .join('\n');

/**
 * Every variant and size in one static rule set, chosen by the element's data-variant, data-size and
 * data-block: rendering a button generates no CSS.
 */
export const ButtonRoot = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space[2]};
  width: auto;
  border: ${theme.borders.hairline} solid transparent;
  border-radius: ${theme.radii.sm};
  font-family: inherit;
  font-weight: ${theme.fontWeights.medium};
  line-height: ${theme.lineHeights.tight};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color ${theme.durations.fast} ease-in-out;
  &[data-block] {
    width: 100%;
  }
  ${sizeRules}
  ${variantRules}
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;
