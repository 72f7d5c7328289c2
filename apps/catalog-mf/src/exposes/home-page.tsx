/**
 * The home list (spec section 2, routes /, /page/:pageNumber, /search/:keyword and
 * /search/:keyword/page/:pageNumber), exposed to the shell as `catalog/HomePage`.
 * For now only its heading: the product grid, carousel and pagination come with the shared UI library.
 */
export default function HomePage() {
  return <h1>Latest Products</h1>;
}
