import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture';

const UPLOAD = '/files/restaurants/r/products/p/0123456789abcdef.960w.webp';
const img = (container: HTMLElement) => container.querySelector('img')!;

describe('Picture', () => {
  it('gives an uploaded picture every stored width as srcset, with sizes, its box and lazy loading', () => {
    const { container } = render(
      <Picture url={UPLOAD} sizes="(min-width: 640px) 128px, 96px" width={128} height={128} />,
    );
    const picture = img(container);
    expect(picture.getAttribute('src')).toBe(UPLOAD);
    expect(picture.getAttribute('srcset')).toBe(
      [320, 640, 960]
        .map((w) => `/files/restaurants/r/products/p/0123456789abcdef.${w}w.webp ${w}w`)
        .join(', '),
    );
    expect(picture.getAttribute('sizes')).toBe('(min-width: 640px) 128px, 96px');
    expect(picture.getAttribute('width')).toBe('128');
    expect(picture.getAttribute('height')).toBe('128');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('decoding')).toBe('async');
    expect(picture.getAttribute('fetchpriority')).toBeNull();
    expect(picture.getAttribute('alt')).toBe('');
  });

  it('stops at the widest the upload has (never a width that was not stored)', () => {
    const { container } = render(
      <Picture url="/files/x/0123456789abcdef.500w.webp" sizes="80px" width={80} height={80} />,
    );
    expect(img(container).getAttribute('srcset')).toBe(
      '/files/x/0123456789abcdef.320w.webp 320w, /files/x/0123456789abcdef.500w.webp 500w',
    );
  });

  it.each(['/files/restaurants/r/products/p.svg', 'https://images.example/dish.jpg'])(
    'keeps %s as one src, with no srcset or sizes',
    (url) => {
      const { container } = render(<Picture url={url} sizes="96px" width={128} height={128} />);
      const picture = img(container);
      expect(picture.getAttribute('src')).toBe(url);
      expect(picture.hasAttribute('srcset')).toBe(false);
      expect(picture.hasAttribute('sizes')).toBe(false);
      expect(picture.getAttribute('width')).toBe('128');
      expect(picture.getAttribute('loading')).toBe('lazy');
    },
  );

  it('loads the priority picture at once, ahead of the others', () => {
    const { container } = render(
      <Picture url={UPLOAD} sizes="100vw" width={960} height={540} isPriority alt="Ramen" />,
    );
    const picture = img(container);
    expect(picture.getAttribute('loading')).toBe('eager');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(picture.getAttribute('decoding')).toBe('async');
    expect(picture.getAttribute('alt')).toBe('Ramen');
  });
});
