import { useMatches } from 'react-router';
import type { PageChrome } from '@/components/layouts/main-layout';
import type { ParamlessRouteName, RouteName } from '@/config/paths';
import type { MessageId } from '@/lib/i18n';

/** Static facts about a route, read by layouts and generic pages through `useMatches()`. */
export interface RouteHandle {
  name: RouteName;
  /** Header/footer/background of a main-layout page. */
  chrome?: PageChrome;
  /** Page title for pages that have no data-driven one. */
  titleId?: MessageId;
  /** Sibling pages shown as tabs (current / history lists). */
  tabs?: ReadonlyArray<{ name: ParamlessRouteName; labelId: MessageId }>;
  /**
   * The server writes this page's first screen (app/server-render.tsx,
   * docs/decisions/0039-server-written-first-screen.md), for the visitor's session if they have one:
   * until its data has come and the page has painted, it reads nothing the server cannot see
   * (browser storage other than lib/storage.ts's server-visible keys, the clock's seconds, the
   * browser's position).
   */
  serverRendered?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value;
}

/** The handle of the deepest matched route. */
export function useLeafHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
