import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { type SupportedLocale, useLocale, useT } from '@/lib/i18n';
import enUS from '@/locales/privacy/en-US.json';
import esES from '@/locales/privacy/es-ES.json';
import { useAuth } from '@/app/session';

/**
 * `privacy` (public): what the app collects and why, how long it keeps it and how the diner takes
 * it away or deletes it (docs/privacy.md). Its text is a catalog of its own per language
 * (locales/privacy), in this route's chunk only: the first pages never download it.
 */
export type PrivacyText = typeof enUS;
const TEXTS: Readonly<Record<SupportedLocale, PrivacyText>> = { 'en-US': enUS, 'es-ES': esES };

/** The sections in reading order (each has `<key>.title` and `<key>.body`). */
export const PRIVACY_SECTIONS = [
  'account',
  'books',
  'analytics',
  'errors',
  'trackers',
  'retention',
  'rights',
] as const;

export function Component() {
  const t = useT();
  const { locale } = useLocale();
  const auth = useAuth();
  useDocumentTitle(t('page.privacy.title'));
  const text = TEXTS[locale];
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{t('page.privacy.title')}</h1>
      <p className="text-lg">{text.intro}</p>
      {PRIVACY_SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`privacy-${key}`} className="flex flex-col gap-2">
          <h2 id={`privacy-${key}`} className="text-xl font-bold">
            {text[`${key}.title`]}
          </h2>
          <p>{text[`${key}.body`]}</p>
        </section>
      ))}
      {auth ? (
        <Link to={href('profile')} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('profile.data.title')}
        </Link>
      ) : null}
    </article>
  );
}
