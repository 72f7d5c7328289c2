import { RatingRow, RatingText, Star, Stars } from './rating.styles.js';

export interface RatingProps {
  /** 0 to 5; shown to the nearest half star. */
  value: number;
  /** Text beside the stars, e.g. '12 reviews'. */
  text?: string;
  /** For a styled wrapper: lands on the rating's row. */
  className?: string;
}

const MAX_STARS = 5;

/** Rounds to the nearest half and keeps it within 0..5, so the label always matches the stars drawn. */
export function toHalfStars(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(value * 2) / 2));
}

/** How much of star `index` (0-based) a half-star rating fills: 0, 0.5 or 1. */
const starFill = (rounded: number, index: number) => Math.min(1, Math.max(0, rounded - index)) as 0 | 0.5 | 1;

/** Star rating in half stars, read out as "Rated 4.5 out of 5", with optional text such as '12 reviews'. */
export function Rating({ value, text, className }: RatingProps) {
  const rounded = toHalfStars(value);
  return (
    <RatingRow className={className}>
      <Stars role="img" aria-label={`Rated ${rounded} out of ${MAX_STARS}`}>
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <Star key={index} aria-hidden="true" data-fill={starFill(rounded, index)} />
        ))}
      </Stars>
      {text && <RatingText>{text}</RatingText>}
    </RatingRow>
  );
}
