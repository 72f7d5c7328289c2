import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { RATING_LABELS } from '@shop/contracts';
import { useSession } from '@shop/shop-client';
import { Alert, Button, Field, Select, TextArea } from '@shop/ui';
import { useCreateReview } from './api/create-review.js';

const ratingChoices = Object.entries(RATING_LABELS).map(([value, label]) => ({ value, text: `${value} - ${label}` }));

export interface ReviewFormProps {
  productId: string;
}

/**
 * 'Write a review?' (spec section 2): a rating of the five labels of spec section 5 and a comment.
 * Success shows 'Review Submitted' and empties the form (spec section 4); guests are asked to sign in.
 */
export function ReviewForm({ productId }: ReviewFormProps) {
  const { isSignedIn } = useSession();
  const createReview = useCreateReview(productId);
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    createReview.mutate(
      { rating: Number(rating), comment },
      {
        onSuccess: () => {
          setRating('');
          setComment('');
        },
      },
    );
  }

  return (
    <section aria-labelledby="write-review">
      <h3 id="write-review">Write a review?</h3>
      {createReview.isSuccess && <Alert variant="success">Review Submitted</Alert>}
      {createReview.error && <Alert variant="danger">{createReview.error.message}</Alert>}
      {isSignedIn ? (
        <form onSubmit={onSubmit}>
          <Field label="Rating">
            <Select required value={rating} onChange={(event) => setRating(event.target.value)}>
              <option value="">Select...</option>
              {ratingChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.text}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Comment">
            <TextArea rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
          </Field>
          <Button type="submit" disabled={createReview.isPending}>
            Submit
          </Button>
        </form>
      ) : (
        <Alert>
          Please <Link to="/login">sign in</Link> to write review
        </Alert>
      )}
    </section>
  );
}
