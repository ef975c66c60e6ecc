import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { invalidateSession } from '@/lib/session';

/** After the name or photo changed: ask for the session again so the header shows the new ones. */
export function useRefreshSession(): () => void {
  const { revalidate } = useRevalidator();
  return useCallback(() => {
    invalidateSession();
    void revalidate();
  }, [revalidate]);
}
