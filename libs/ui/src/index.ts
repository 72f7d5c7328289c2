/** @shop/ui: the shop's design system. This file is the library's only door. */
export * from './tokens.js';
export { theme, media } from './theme.js';
export type { ShopTheme } from './styled.js';
export { GlobalStyle, cssVariables } from './global-style.js';
export { ShopThemeProvider, type ShopThemeProviderProps } from './theme-provider.js';
export { VisuallyHidden } from './visually-hidden.js';
export { Button, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './button.js';
export { Alert, type AlertProps, type AlertVariant } from './alert.js';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner.js';
export { Rating, toHalfStars, type RatingProps } from './rating.js';
export { Paginate, type PaginateProps } from './paginate.js';
export { Check, Field, Input, Select, TextArea, type CheckProps, type FieldProps } from './form-field.js';
export { Table, type TableProps } from './table.js';
export { Card, CardBody, CardMedia, type CardMediaProps } from './card.js';
export { CHECKOUT_STEPS, StepBar, type CheckoutStepNumber, type StepBarProps } from './step-bar.js';
export { Carousel, type CarouselProps } from './carousel.js';
export { usePrefersReducedMotion } from './use-prefers-reduced-motion.js';
export { Col, Container, GRID_SIZE, Row, colSpans, type ColProps, type ColSpans } from './grid.js';
