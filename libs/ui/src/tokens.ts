/**
 * The shop's design tokens. Every style value in the shop's front ends comes from here (through the
 * theme or the CSS variables that mirror it), never from a literal in a component.
 * Not tokens: sizes relative to the text (`1em`, a star as tall as its line) or the viewport (`100vh`),
 * and the 1 px box of the visually-hidden technique.
 */

/** Responsive breakpoints in px, exactly as the spec lists them (section 9). */
export const breakpoints = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

export type Breakpoint = keyof typeof breakpoints;

/**
 * Product grid columns per row at each breakpoint. The spec fixes lg (3) and xl (4); below lg it is
 * silent, so one card per row on phones and two from md up keep a card readable at 375 px.
 */
export const gridColumns: Record<Breakpoint, number> = { xs: 1, sm: 1, md: 2, lg: 3, xl: 4, xxl: 4 };

/** Max content width of a Container at each breakpoint (none below sm: full width with gutters). */
export const containerWidths: Partial<Record<Breakpoint, string>> = {
  sm: '540px',
  md: '720px',
  lg: '960px',
  xl: '1140px',
  xxl: '1320px',
};

/**
 * Colours. The spec only says errors show in a red alert; the rest is chosen for contrast: every text
 * colour reaches WCAG AA (4.5:1) on the background it is used with.
 */
export const colors = {
  primary: '#1f2d3d',
  primaryHover: '#0f1720',
  onPrimary: '#ffffff',
  secondary: '#5a6270',
  secondaryHover: '#454b56',
  onSecondary: '#ffffff',
  danger: '#b02a37',
  dangerHover: '#8f222c',
  onDanger: '#ffffff',
  light: '#f1f3f5',
  lightHover: '#dde1e5',
  onLight: '#1f2d3d',
  text: '#212529',
  textMuted: '#5c636a',
  background: '#ffffff',
  surface: '#f8f9fa',
  border: '#ced4da',
  link: '#0b5ed7',
  star: '#b37400',
  focus: '#0b5ed7',
  dangerBg: '#f8d7da',
  dangerText: '#58151c',
  successBg: '#d1e7dd',
  successText: '#0a3622',
  infoBg: '#cff4fc',
  infoText: '#055160',
  warningBg: '#fff3cd',
  warningText: '#664d03',
  /** The dark veil behind white controls laid over a picture (the carousel's arrows). */
  scrim: 'rgb(0 0 0 / 0.45)',
} as const;

/** Spacing scale, index = step: space[3] is 1rem. */
export const space = ['0', '0.25rem', '0.5rem', '1rem', '1.5rem', '3rem'] as const;

export const radii = { none: '0', sm: '0.25rem', md: '0.375rem', lg: '0.5rem', pill: '50rem', round: '50%' } as const;

/** Line widths: the hairline of boxes and rules, the keyboard focus ring (thinner on the dark header), its offset. */
export const borders = { hairline: '1px', focus: '3px', focusOnDark: '2px', focusOffset: '2px' } as const;

/** The heights of things pressed or typed in: buttons, fields, page links, the header's links. */
export const controlHeights = { sm: '2rem', md: '2.5rem', lg: '3rem' } as const;

/**
 * Fixed sizes of particular boxes, named for what they hold. Most keep a layout still while pictures or
 * a remote's page arrive (the header, the carousel's square, a card's height before it is shown).
 */
export const sizes = {
  /** The shell's header, reserved so the page below does not shift when its links arrive. */
  header: '4.5rem',
  /** The column of the sign-in, register and checkout forms from md up. */
  formColumn: '32rem',
  /** The carousel's image square (192 px at 1x). */
  carouselImage: '12rem',
  /** What a home card counts as before it is first shown (content-visibility), about one card. */
  cardEstimate: '26rem',
  /** The picture column of a cart line. */
  cartThumb: '4.5rem',
  /** The admin dropdown's narrowest width. */
  menu: '10rem',
  /** The header's cart count bubble. */
  badge: '1.5rem',
  /** A round icon button laid over a picture (the carousel's arrows). */
  iconButton: '2.75rem',
  /** A text area's least height (about four lines). */
  textArea: '6rem',
  /** A checkbox's box. */
  checkbox: '1.125rem',
  /** The spinner's diameter at each size. */
  spinner: { sm: '1rem', md: '2.5rem', lg: '4rem' },
  /** A carousel indicator. */
  carouselDot: { width: '1.5rem', height: '0.5rem' },
  /** The space between a rating's stars. */
  starGap: '0.125rem',
  /** A chart's drawing area (the admin dashboard); it takes the width it is given. */
  chart: '18rem',
} as const;

export const fontSizes = { sm: '0.875rem', base: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' } as const;

export const fonts = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

export const fontWeights = { normal: 400, medium: 500, bold: 700 } as const;

export const lineHeights = { tight: 1.25, base: 1.5 } as const;

/** Stacking order: later layers sit above earlier ones. */
export const zIndices = { base: 0, dropdown: 1000, sticky: 1020, header: 1030, overlay: 1040, modal: 1050, toast: 1080 } as const;

/** Motion. The carousel interval and the modal transition are spec constants (section 9). */
export const durations = { fast: '150ms', modal: '300ms' } as const;

/** Carousel auto-advance interval in ms (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;
