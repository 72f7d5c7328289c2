import { screen } from '@testing-library/react';
import { renderWithTheme } from './testing/render.js';
import { Col, Container, Row, colSpans } from './grid.js';

describe('grid', () => {
  it('lays out product cards one per row on phones, 2 from md, 3 at lg and 4 at xl', () => {
    expect(colSpans()).toEqual({ xs: 12, md: 6, lg: 4, xl: 3 });
  });

  it('uses the spans given, full width below the first one', () => {
    expect(colSpans({ md: 6 })).toEqual({ xs: 12, md: 6 });
    expect(colSpans({ xs: 6, lg: 3 })).toEqual({ xs: 6, lg: 3 });
  });

  it('gives a default column the product grid spans at the spec’s breakpoints', () => {
    renderWithTheme(
      <Row>
        <Col>card</Col>
      </Row>,
    );
    const column = screen.getByText('card');
    // The span the page's styles give the column from `width` px up: the rule of that media query the column matches.
    const spanAt = (width: number) =>
      Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules))
        .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText === `(min-width: ${width}px)`)
        .flatMap((rule) => Array.from(rule.cssRules))
        .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && column.matches(rule.selectorText))
        .map((rule) => rule.style.getPropertyValue('grid-column').match(/span (\d+)/)?.[1])
        .find(Boolean);
    expect(spanAt(992)).toBe('4');
    expect(spanAt(1200)).toBe('3');
  });

  it('renders its content inside container, row and columns', () => {
    renderWithTheme(
      <Container>
        <Row>
          <Col>first</Col>
          <Col $span={{ md: 6 }}>second</Col>
        </Row>
      </Container>,
    );
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
  });
});
