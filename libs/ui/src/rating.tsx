import { styled } from 'styled-components';

export interface RatingProps {
  /** 0 to 5; shown to the nearest half star. */
  value: number;
  /** Text beside the stars, e.g. '12 reviews'. */
  text?: string;
}

const MAX_STARS = 5;

/** Rounds to the nearest half and keeps it within 0..5, so the label always matches the stars drawn. */
export function toHalfStars(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(value * 2) / 2));
}

const Wrapper = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `${theme.space[2]} 0`};
`;

const Stars = styled.span`
  display: inline-flex;
  gap: 0.125rem;
  line-height: 1;
`;

/** One star: an outline, with a solid star clipped to 0, 50 or 100% of its width laid over it. */
const Star = styled.span<{ $fill: number }>`
  position: relative;
  display: inline-block;
  width: 1em;
  color: ${({ theme }) => theme.colors.star};

  &::before {
    content: '☆';
  }

  &::after {
    content: '★';
    position: absolute;
    inset: 0;
    width: ${({ $fill }) => $fill * 100}%;
    overflow: hidden;
  }
`;

const Text = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Star rating in half stars, read out as "Rated 4.5 out of 5", with optional text such as '12 reviews'. */
export function Rating({ value, text }: RatingProps) {
  const rounded = toHalfStars(value);
  return (
    <Wrapper>
      <Stars role="img" aria-label={`Rated ${rounded} out of ${MAX_STARS}`}>
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <Star key={index} aria-hidden="true" $fill={Math.min(1, Math.max(0, rounded - index))} />
        ))}
      </Stars>
      {text && <Text>{text}</Text>}
    </Wrapper>
  );
}
