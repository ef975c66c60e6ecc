import { describe, expect, it, vi } from 'vitest';
import { restaurantDetail } from '@/testing/fixtures';
import { findReviewLink } from './review-link';

describe('findReviewLink (/r)', () => {
  it('is null without a remembered restaurant, and asks nothing', async () => {
    const load = vi.fn();
    await expect(findReviewLink(load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('answers the remembered restaurant’s http(s) review link only', async () => {
    localStorage.setItem('restaurantId', 'r1');
    const load = vi.fn((id: string) =>
      Promise.resolve(restaurantDetail({ id, reviewUrl: 'https://g.page/r/abc/review' })),
    );
    await expect(findReviewLink(load)).resolves.toBe('https://g.page/r/abc/review');
    expect(load).toHaveBeenCalledWith('r1');
    for (const reviewUrl of [null, 'javascript:alert(1)', 'not a url']) {
      await expect(
        findReviewLink(() => Promise.resolve(restaurantDetail({ reviewUrl }))),
      ).resolves.toBeNull();
    }
  });

  it('is null when the restaurant cannot be loaded', async () => {
    localStorage.setItem('restaurantId', 'gone');
    await expect(findReviewLink(() => Promise.reject(new Error('404')))).resolves.toBeNull();
  });
});
