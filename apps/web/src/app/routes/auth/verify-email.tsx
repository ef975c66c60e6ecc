import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { href } from '@/config/paths';
import { verifyEmail } from '@/features/auth/api/account-email';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

/** The verification link's page (docs/product.md#e-mail-verification): confirms the address of its token. */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ verified: boolean }> {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return { verified: false };
  return { verified: (await verifyEmail(token)).ok };
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.verify.title'));
  const { verified } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('auth.verify.title')}</h1>
      <p role="status">{t(verified ? 'auth.verify.done' : 'auth.verify.failed')}</p>
      <Link to={href('home')} className="font-semibold text-brand-800 underline underline-offset-4">
        {t('auth.verify.continue')}
      </Link>
    </div>
  );
}
