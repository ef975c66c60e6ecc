import { describe, expect, it } from 'vitest';
import { pictureFileName, pictureHeight, pictureSources, pictureWidths } from './pictures.ts';

describe('pictureWidths', () => {
  it.each([
    [4000, [320, 640, 960]],
    [960, [320, 640, 960]],
    [961.7, [320, 640, 960]],
    [800, [320, 640, 800]],
    [640, [320, 640]],
    [500, [320, 500]],
    [320, [320]],
    [200, [200]],
  ])('a 4:3 cut %d px wide is stored at %j (never upscaled)', (source, widths) => {
    expect(pictureWidths(source)).toEqual(widths);
  });
});

describe('pictureSources', () => {
  const name = '0123456789abcdef';
  it.each([
    [
      `/files/restaurants/r/products/p/${name}.960w.webp`,
      `/files/restaurants/r/products/p/${name}.320w.webp 320w, /files/restaurants/r/products/p/${name}.640w.webp 640w, /files/restaurants/r/products/p/${name}.960w.webp 960w`,
      960,
      720,
    ],
    [
      `https://cdn.example/files/${name}.800w.webp`,
      `https://cdn.example/files/${name}.320w.webp 320w, https://cdn.example/files/${name}.640w.webp 640w, https://cdn.example/files/${name}.800w.webp 800w`,
      800,
      600,
    ],
    [`${name}.200w.webp`, `${name}.200w.webp 200w`, 200, 150],
  ])('an upload %s gives every stored width', (url, srcSet, width, height) => {
    expect(pictureSources(url)).toEqual({ src: url, srcSet, width, height });
  });

  it.each([
    '/files/restaurants/r/products/p.svg',
    'https://images.example/dish.jpg',
    `/files/x/${name}.1200w.webp`,
    `/files/x/${name}.0w.webp`,
    `/files/x/${name.toUpperCase()}.960w.webp`,
    `/files/x/${name}.960w.webp.svg`,
    `/files/x/abc.960w.webp`,
    '',
  ])('any other URL (%s) is one picture with no srcset', (url) => {
    expect(pictureSources(url)).toEqual({ src: url, srcSet: null, width: null, height: null });
  });

  it('reads the URL without its query or fragment, and keeps it whole as src', () => {
    const url = `/files/p/${name}.640w.webp?v=2`;
    expect(pictureSources(url)).toMatchObject({
      src: url,
      width: 640,
      srcSet: expect.stringContaining('640w'),
    });
  });

  it('names the files as the server writes them', () => {
    expect(pictureFileName(name, 640)).toBe(`${name}.640w.webp`);
    expect(pictureHeight(320)).toBe(240);
    expect(pictureHeight(201)).toBe(151);
  });
});
