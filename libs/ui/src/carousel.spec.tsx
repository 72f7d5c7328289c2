import { jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithTheme } from './testing/render.js';
import { Carousel } from './carousel.js';

/** The slide screen readers can currently reach (hidden slides are aria-hidden). */
function visibleSlide() {
  return screen.getByRole('group');
}

function renderCarousel() {
  renderWithTheme(
    <Carousel label="Top rated products">
      <p>Airpods</p>
      <p>iPhone</p>
      <p>Camera</p>
    </Carousel>,
  );
  return screen.getByRole('region', { name: 'Top rated products' });
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('Carousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  function setupUser() {
    return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  }

  it('starts on the first slide and advances every 5000 ms, wrapping around', () => {
    renderCarousel();
    expect(visibleSlide()).toHaveTextContent('Airpods');
    advance(4999);
    expect(visibleSlide()).toHaveTextContent('Airpods');
    advance(1);
    expect(visibleSlide()).toHaveAccessibleName('2 of 3');
    expect(visibleSlide()).toHaveTextContent('iPhone');
    advance(5000);
    advance(5000);
    expect(visibleSlide()).toHaveTextContent('Airpods');
  });

  it('pauses while the pointer is over it and resumes after', async () => {
    const user = setupUser();
    const region = renderCarousel();
    await user.hover(region);
    advance(15000);
    expect(visibleSlide()).toHaveTextContent('Airpods');
    await user.unhover(region);
    advance(5000);
    expect(visibleSlide()).toHaveTextContent('iPhone');
  });

  it('pauses while focus is inside it', async () => {
    const user = setupUser();
    renderCarousel();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
    advance(15000);
    expect(visibleSlide()).toHaveTextContent('Airpods');
  });

  it('moves with the previous and next buttons', async () => {
    const user = setupUser();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toHaveTextContent('iPhone');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toHaveTextContent('Camera');
  });

  it('jumps to a slide from its indicator, which is marked current', async () => {
    const user = setupUser();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(visibleSlide()).toHaveTextContent('Camera');
    expect(screen.getByRole('button', { name: 'Show slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'false');
  });

  it('does not rotate for users who prefer reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderCarousel();
      advance(15000);
      expect(visibleSlide()).toHaveTextContent('Airpods');
    } finally {
      window.matchMedia = original;
    }
  });

  it('has no controls for a single slide', () => {
    renderWithTheme(
      <Carousel label="Top rated products">
        <p>Airpods</p>
      </Carousel>,
    );
    expect(visibleSlide()).toHaveTextContent('Airpods');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
