import { render } from '@testing-library/react';
import { colImageSizes } from './grid.js';
import { Picture } from './picture.js';

const UPLOADED = '/uploads/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f.png';

describe('Picture', () => {
  it('offers an uploaded image’s AVIF and WebP copies at every width, the original as the fallback', () => {
    const { container } = render(<Picture src={UPLOADED} alt="Airpods" width={640} height={480} sizes="(min-width: 992px) 300px, 100vw" />);
    const sources = Array.from(container.querySelectorAll('picture > source'));
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toBe(
      ['160', '320', '640', '960'].map((w) => `/uploads/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f-w${w}.avif ${w}w`).join(', '),
    );
    expect(sources[1].getAttribute('sizes')).toBe('(min-width: 992px) 300px, 100vw');
    const img = container.querySelector('picture > img');
    expect(img).toHaveAttribute('src', UPLOADED);
    expect(img).toHaveAttribute('alt', 'Airpods');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '480');
  });

  it('shows an SVG (the demo catalog’s) or an image from elsewhere as it is, still with its dimensions', () => {
    for (const src of ['/uploads/airpods-pro.svg', 'https://images.example.com/a.jpg']) {
      const { container, unmount } = render(<Picture src={src} alt="Airpods" width={72} height={72} sizes="72px" />);
      expect(container.querySelector('picture')).toBeNull();
      const img = container.querySelector('img');
      expect(img).toHaveAttribute('src', src);
      expect(img).toHaveAttribute('width', '72');
      unmount();
    }
  });

  it('is lazy unless it is a priority, which is fetched at once and first', () => {
    const { container, rerender } = render(<Picture src={UPLOADED} alt="a" width={1} height={1} sizes="100vw" />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('img')).not.toHaveAttribute('fetchpriority');
    rerender(<Picture src={UPLOADED} alt="a" width={1} height={1} sizes="100vw" priority />);
    expect(container.querySelector('img')).not.toHaveAttribute('loading');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('puts a className (a styled wrapper’s) on the img, the box that is laid out', () => {
    const { container } = render(<Picture className="thumb" src={UPLOADED} alt="a" width={1} height={1} sizes="72px" />);
    expect(container.querySelector('img')).toHaveClass('thumb');
  });
});

describe('colImageSizes', () => {
  it('gives a product grid cell’s width at each breakpoint (1, 1, 2, 3, 4, 4 per row)', () => {
    expect(colImageSizes()).toBe(
      '(min-width: 1400px) 322px, (min-width: 1200px) 277px, (min-width: 992px) 309px, (min-width: 768px) 344px, (min-width: 576px) 508px, 100vw',
    );
  });

  it('follows a Col’s span', () => {
    expect(colImageSizes({ md: 6 })).toBe(
      '(min-width: 1400px) 644px, (min-width: 1200px) 554px, (min-width: 992px) 464px, (min-width: 768px) 344px, (min-width: 576px) 508px, 100vw',
    );
  });
});
