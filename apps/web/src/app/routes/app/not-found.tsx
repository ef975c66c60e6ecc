import { NotFound } from '@/components/errors/not-found';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

export function Component() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return <NotFound />;
}
