import { createContext, use, useEffect } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

/**
 * Where the server's drawing of a page (app/server-render.tsx) collects the page's title, to write
 * it into the page's `<title>`; the browser has none (effects set `document.title` there).
 */
export const ServerTitleContext = createContext<((title: string) => void) | null>(null);

/** "<title> · Comensal", or the brand alone. */
function documentTitle(intl: IntlShape, title: string | null | undefined): string {
  return title
    ? intl.formatMessage({ id: 'app.documentTitle' }, { title })
    : intl.formatMessage({ id: 'app.name' });
}

/** Sets `document.title` to "<title> · Comensal" (or the brand alone) while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  const intl = useIntl();
  // the server's drawing has no effects: the title is handed over as the page is drawn
  use(ServerTitleContext)?.(documentTitle(intl, title));
  useEffect(() => {
    document.title = documentTitle(intl, title);
  }, [intl, title]);
}
