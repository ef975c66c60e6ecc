import type { Me } from '@comensal/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import {
  htmlLang,
  type MessageId,
  SUPPORTED_LOCALES,
  type SupportedLocale,
  useLocale,
  useT,
} from '@/lib/i18n';
import { useUpdateMe } from '@/features/profile/api/update-me';
import { saveErrorMessageId } from '@/features/profile/profile-form';
import { InlineError } from './inline-error';
import { ProfileCard } from './profile-card';

const LOCALE_NAME_IDS = {
  'es-ES': 'locale.name.es-ES',
  'en-US': 'locale.name.en-US',
} as const satisfies Record<SupportedLocale, MessageId>;

/**
 * The account's language: what its e-mails use. It shows the account's choice, which may differ
 * from the screen's (the header's switcher changes only this device); picking one here saves it
 * and switches the screen too.
 */
export function ProfileLanguage({ me }: { me: Me }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  /** The language just picked, shown while it is saved (and after: the account has it). */
  const [picked, setPicked] = useState<SupportedLocale | null>(null);
  const update = useUpdateMe();
  const id = useId();
  const [error, setError] = useState<MessageId | undefined>(undefined);
  // Said in the card (not a toast): a toast raised now would still speak the old language.
  const [isSaved, setIsSaved] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as SupportedLocale;
    setError(undefined);
    setIsSaved(false);
    setPicked(next);
    await setLocale(next);
    if (me.locale === next) return;
    update.mutate(
      { locale: next },
      {
        onSuccess: () => setIsSaved(true),
        onError: (failure) => {
          setPicked(null);
          setError(saveErrorMessageId(failure));
        },
      },
    );
  };

  return (
    <ProfileCard title={t('profile.language.title')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-semibold">
          {t('profile.language.label')}
        </label>
        <select
          id={id}
          // an account that never chose one gets its e-mails in the screen's language
          value={picked ?? me.locale ?? locale}
          onChange={(event) => void onChange(event)}
          disabled={update.isPending}
          aria-describedby={`${id}-hint`}
          className="min-h-12 max-w-xs cursor-pointer rounded-xl border-2 border-line bg-white px-4 text-lg text-ink"
        >
          {SUPPORTED_LOCALES.map((option) => (
            <option key={option} value={option} lang={htmlLang(option)}>
              {t(LOCALE_NAME_IDS[option])}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('profile.language.hint')}
        </p>
        <p role="status" className="text-sm font-medium text-green-800">
          {isSaved ? t('profile.language.saved') : null}
        </p>
        <InlineError messageId={error} />
      </div>
    </ProfileCard>
  );
}
