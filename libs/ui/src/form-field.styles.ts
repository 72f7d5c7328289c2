import { styled, css } from 'styled-components';
import { theme } from './theme.js';

const { colors, space } = theme;

export const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[1]};
  margin-bottom: ${space[3]};
`;

export const Label = styled.label`
  font-weight: ${theme.fontWeights.medium};
`;

export const ErrorText = styled.div`
  color: ${colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

/** What Input, Select and TextArea share: the box, the red border of an invalid value, the grey of a disabled one. */
const control = css`
  width: 100%;
  min-height: ${theme.controlHeights.md};
  padding: ${space[2]} ${space[3]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${theme.radii.sm};
  font: inherit;
  color: ${colors.text};
  background-color: ${colors.background};
  &[aria-invalid='true'] {
    border-color: ${colors.danger};
  }
  &:disabled {
    background-color: ${colors.surface};
  }
`;

export const InputControl = styled.input`
  ${control}
`;

export const SelectControl = styled.select`
  ${control}
`;

export const TextAreaControl = styled.textarea`
  ${control}
  min-height: ${theme.sizes.textArea};
  resize: vertical;
`;

export const CheckRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${space[2]};
  margin-bottom: ${space[3]};
  input {
    width: ${theme.sizes.checkbox};
    height: ${theme.sizes.checkbox};
    margin: 0;
  }
`;
