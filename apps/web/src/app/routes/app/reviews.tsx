import { replace } from 'react-router';
import { href } from '@/config/paths';
import { findReviewLink } from '@/features/restaurants/review-link';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

/**
 * `/r`: leaves the app for the remembered restaurant's review page (replacing `/r` in the
 * history, so "back" does not bounce there again), or goes home when there is none.
 */
export async function loader() {
  const link = await findReviewLink();
  if (!link) return replace(href('home'));
  window.location.replace(link);
  return null;
}

/** Shown while the browser leaves for the review page. */
export function Component() {
  const t = useT();
  useDocumentTitle(t('page.reviews.title'));
  return (
    <p role="status" className="mx-auto w-full max-w-3xl px-4 py-8 text-lg">
      {t('reviews.redirecting')}
    </p>
  );
}
