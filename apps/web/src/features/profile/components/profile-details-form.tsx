import { DISPLAY_NAME_MAX, type Me, PHONE_NUMBER_MAX } from '@comensal/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type MessageId, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useUpdateMe } from '@/features/profile/api/update-me';
import {
  type DetailsErrors,
  parseDetails,
  PROFILE_MESSAGE_VALUES,
  saveErrorMessageId,
} from '@/features/profile/profile-form';
import { InlineError } from './inline-error';
import { ProfileCard } from './profile-card';

/** Display name and phone, checked like the server checks them, saved with PATCH /api/me. */
export function ProfileDetailsForm({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const t = useT();
  const update = useUpdateMe();
  const [values, setValues] = useState({ displayName: me.displayName, phoneNumber: me.phoneNumber ?? '' });
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [formError, setFormError] = useState<MessageId | undefined>(undefined);
  const fieldError = (id: MessageId | undefined) => (id ? t(id, PROFILE_MESSAGE_VALUES) : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = parseDetails(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues({ displayName: saved.displayName, phoneNumber: saved.phoneNumber ?? '' });
        notify('success', 'profile.toast.saved');
        onSaved();
      },
      onError: (failure) => setFormError(saveErrorMessageId(failure)),
    });
  };

  return (
    <ProfileCard title={t('profile.details.title')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('profile.field.displayName')}
          name="displayName"
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX}
          required
          value={values.displayName}
          onChange={(event) => setValues({ ...values, displayName: event.target.value })}
          error={fieldError(errors.displayName)}
        />
        <TextField
          label={t('profile.field.phoneNumber')}
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={PHONE_NUMBER_MAX}
          value={values.phoneNumber}
          onChange={(event) => setValues({ ...values, phoneNumber: event.target.value })}
          hint={t('profile.field.phoneNumber.hint')}
          error={fieldError(errors.phoneNumber)}
        />
        <div className="flex flex-col gap-3">
          <Button type="submit" size="lg" disabled={update.isPending} className="self-start">
            {update.isPending ? t('profile.details.saving') : t('profile.details.save')}
          </Button>
          <InlineError messageId={formError} />
        </div>
      </form>
    </ProfileCard>
  );
}
