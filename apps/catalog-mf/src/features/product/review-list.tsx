import type { ReviewDto } from '@shop/contracts';
import { Alert, isoDay, Rating } from '@shop/ui';
import { Byline, ReviewItem, ReviewItems } from './product.styles.js';

export interface ReviewListProps {
  reviews: ReviewDto[];
}

/** The product's reviews, or 'No reviews' (spec section 8). */
export function ReviewList({ reviews }: ReviewListProps) {
  if (reviews.length === 0) return <Alert>No reviews</Alert>;
  return (
    <ReviewItems>
      {reviews.map((review) => (
        <ReviewItem key={review._id}>
          <Byline>
            <strong>{review.name}</strong>
            <Rating value={review.rating} />
          </Byline>
          <p>{isoDay(review.createdAt)}</p>
          <p>{review.comment}</p>
        </ReviewItem>
      ))}
    </ReviewItems>
  );
}
