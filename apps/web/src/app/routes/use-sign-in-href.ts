import { useLocation } from 'react-router';
import { href } from '@/config/paths';
import { REDIRECT_PARAM } from '@/app/guard';

/** The auth page, coming back to this page afterwards (for actions that need a session). */
export function useSignInHref(): string {
  const location = useLocation();
  return href('auth', null, { [REDIRECT_PARAM]: `${location.pathname}${location.search}` });
}
