/** The body of every error answer of every service: `{ "message": "..." }`. */
export interface ErrorBody {
  message: string;
}
