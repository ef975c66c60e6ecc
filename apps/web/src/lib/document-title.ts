import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Sets `document.title` to "<title> · Comensal" (or the brand alone) while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  const intl = useIntl();
  useEffect(() => {
    document.title = title
      ? intl.formatMessage({ id: 'app.documentTitle' }, { title })
      : intl.formatMessage({ id: 'app.name' });
  }, [intl, title]);
}
