import { css } from './css.js';
import { theme } from './theme.js';

const { colors, space } = theme;

export const field = {
  group: 'shop-field',
  label: 'shop-field__label',
  error: 'shop-field__error',
  control: 'shop-control',
  textArea: 'shop-control--multiline',
  check: 'shop-check',
} as const;

export const fieldCss = css`
.${field.group} {
  display: flex;
  flex-direction: column;
  gap: ${space[1]};
  margin-bottom: ${space[3]};
}
.${field.label} {
  font-weight: ${theme.fontWeights.medium};
}
.${field.error} {
  color: ${colors.danger};
  font-size: ${theme.fontSizes.sm};
}
.${field.control} {
  width: 100%;
  min-height: ${theme.controlHeights.md};
  padding: ${space[2]} ${space[3]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${theme.radii.sm};
  font: inherit;
  color: ${colors.text};
  background-color: ${colors.background};
}
.${field.control}[aria-invalid='true'] {
  border-color: ${colors.danger};
}
.${field.control}:disabled {
  background-color: ${colors.surface};
}
.${field.textArea} {
  min-height: ${theme.sizes.textArea};
  resize: vertical;
}
.${field.check} {
  display: flex;
  align-items: center;
  gap: ${space[2]};
  margin-bottom: ${space[3]};
}
.${field.check} input {
  width: ${theme.sizes.checkbox};
  height: ${theme.sizes.checkbox};
  margin: 0;
}
`;
