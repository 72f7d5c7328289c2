import { styled } from 'styled-components';
import { theme } from './theme.js';

export const RatingRow = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: ${theme.space[2]} 0;
`;

export const Stars = styled.span`
  display: inline-flex;
  gap: ${theme.sizes.starGap};
  line-height: 1;
`;

/* One star: an outline, with a solid star clipped to 0, 50 or 100% (data-fill) of its width laid over it. */
export const Star = styled.span`
  position: relative;
  display: inline-block;
  width: 1em;
  color: ${theme.colors.star};
  &::before {
    content: '☆';
  }
  &::after {
    content: '★';
    position: absolute;
    inset: 0;
    width: 0;
    overflow: hidden;
  }
  &[data-fill='0.5']::after {
    width: 50%;
  }
  &[data-fill='1']::after {
    width: 100%;
  }
`;

export const RatingText = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;
