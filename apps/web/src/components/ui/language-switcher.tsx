import { useId } from 'react';
import { htmlLang, SUPPORTED_LOCALES, type SupportedLocale, useLocale, useT } from '@/lib/i18n';
import { IconGlobe } from './icons';

const LOCALE_NAME_IDS = {
  'es-ES': 'locale.name.es-ES',
  'en-US': 'locale.name.en-US',
} as const satisfies Record<SupportedLocale, string>;

/** Language choice (saved in localStorage `locale`); a native select: keyboard and screen-reader friendly. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const id = useId();
  const toneClasses =
    tone === 'dark' ? 'on-dark border-white/70 bg-black/25 text-white' : 'border-line bg-white text-ink';
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('locale.label')}
      </label>
      <IconGlobe size={18} className="pointer-events-none absolute left-3" />
      <select
        id={id}
        value={locale}
        onChange={(event) => void setLocale(event.target.value as SupportedLocale)}
        className={`min-h-11 cursor-pointer appearance-none rounded-full border-2 py-1 pr-4 pl-9 text-base font-medium ${toneClasses}`}
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option} value={option} lang={htmlLang(option)} className="text-ink">
            {t(LOCALE_NAME_IDS[option])}
          </option>
        ))}
      </select>
    </div>
  );
}
