/** "1 review" / "3 reviews": the spec asks for the review count beside the stars without fixing its words. */
export function reviewCountText(numReviews: number): string {
  return `${numReviews} ${numReviews === 1 ? 'review' : 'reviews'}`;
}
