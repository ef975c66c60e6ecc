import type { Me } from '@comensal/contracts';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { FileField } from '@/components/ui/file-field';
import { fileUrl } from '@/lib/api-client';
import { takePickedFile } from '@/lib/file-input';
import { formatDate } from '@/lib/format';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useUploadPhoto } from '@/features/profile/api/upload-photo';
import {
  checkPhotoFile,
  PHOTO_ACCEPT,
  photoErrorMessageId,
  PROFILE_MESSAGE_VALUES,
} from '@/features/profile/profile-form';
import { InlineError } from './inline-error';

/** A local preview of the picked file, released when it is no longer shown. */
function usePreview(): [string | null, (file: File | null) => void] {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  return [preview, (file) => setPreview(file ? URL.createObjectURL(file) : null)];
}

/** Picture, name and e-mail of the account, and the way to change the picture. */
export function ProfilePhoto({ me, onChanged }: { me: Me; onChanged: () => void }) {
  const t = useT();
  const { locale } = useLocale();
  const upload = useUploadPhoto();
  const [preview, showPreview] = usePreview();
  const [error, setError] = useState<MessageId | undefined>(undefined);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = takePickedFile(event);
    if (!file) return;
    const problem = checkPhotoFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    showPreview(file);
    upload.mutate(file, {
      onSuccess: () => {
        notify('success', 'profile.photo.saved');
        onChanged();
      },
      onError: (failure) => setError(photoErrorMessageId(failure)),
      onSettled: () => showPreview(null),
    });
  };

  const src = preview ?? (me.photoURL ? fileUrl(me.photoURL) : null);
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 sm:flex-row sm:items-center">
      <Avatar
        name={me.displayName}
        src={src}
        size="lg"
        alt={preview ? t('profile.photo.previewAlt') : t('profile.photo.alt', { name: me.displayName })}
        className={upload.isPending ? 'opacity-60' : ''}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="min-w-0">
          <p className="text-2xl font-bold break-words">{me.displayName}</p>
          <p className="break-all text-ink-muted">{me.email}</p>
          <p className="text-sm text-ink-muted">
            {t('profile.memberSince', { date: formatDate(new Date(me.createdAt), locale) })}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <FileField
            label={t('profile.photo.change')}
            accept={PHOTO_ACCEPT}
            hint={t('profile.photo.hint', PROFILE_MESSAGE_VALUES)}
            busy={upload.isPending}
            busyText={t('profile.photo.uploading')}
            hasError={error !== undefined}
            error={(id) => <InlineError id={id} messageId={error} />}
            onPick={onPick}
          />
        </div>
      </div>
    </div>
  );
}
