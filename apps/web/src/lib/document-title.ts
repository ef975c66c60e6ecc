import { createContext, use, useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * Where the server's drawing of a page (app/server-render.tsx) collects the page's title, to write
 * it into the page's `<title>`; the browser has none (effects set `document.title` there).
 */
export const ServerTitleContext = createContext<((title: string) => void) | null>(null);

/** Sets `document.title` to "<title> · Comensal" (or the brand alone) while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  const intl = useIntl();
  const full = title
    ? intl.formatMessage({ id: 'app.documentTitle' }, { title })
    : intl.formatMessage({ id: 'app.name' });
  const collectOnServer = use(ServerTitleContext);
  collectOnServer?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
