import { ComingSoon } from '@/components/ui/coming-soon';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useLeafHandle } from '@/app/route-handle';

/** Every screen whose feature is still to come: its title, its tabs and a plain notice. */
export function Component() {
  const t = useT();
  const handle = useLeafHandle();
  const title = handle?.titleId ? t(handle.titleId) : t('app.name');
  useDocumentTitle(title);
  const tabs = (handle?.tabs ?? []).map((tab) => ({ to: href(tab.name), label: t(tab.labelId) }));
  return <ComingSoon title={title} tabs={tabs} />;
}
