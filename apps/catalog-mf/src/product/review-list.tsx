import { styled } from 'styled-components';
import type { ReviewDto } from '@shop/contracts';
import { Alert, isoDay, Rating } from '@shop/ui';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: ${({ theme }) => `${theme.space[3]} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  p {
    margin: 0;
  }
`;

/** The reviewer's name and their stars on one line, apart, wrapping on narrow screens. */
const Byline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface ReviewListProps {
  reviews: ReviewDto[];
}

/** The product's reviews, or 'No reviews' (spec section 8). */
export function ReviewList({ reviews }: ReviewListProps) {
  if (reviews.length === 0) return <Alert>No reviews</Alert>;
  return (
    <List>
      {reviews.map((review) => (
        <Item key={review._id}>
          <Byline>
            <strong>{review.name}</strong>
            <Rating value={review.rating} />
          </Byline>
          <p>{isoDay(review.createdAt)}</p>
          <p>{review.comment}</p>
        </Item>
      ))}
    </List>
  );
}
