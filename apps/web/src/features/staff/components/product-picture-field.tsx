import { MAX_DISH_PICTURE_BYTES, type StaffProduct } from '@comensal/contracts';
import { type ChangeEvent, useState } from 'react';
import { FileField } from '@/components/ui/file-field';
import { Picture } from '@/components/ui/picture';
import { isApiError } from '@/lib/api-client';
import { takePickedFile } from '@/lib/file-input';
import { type MessageId, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useUploadStaffProductPicture } from '../api/staff-products';
import { staffErrorMessage } from '../staff-errors';

const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const MAX_MB = MAX_DISH_PICTURE_BYTES / 1024 / 1024;

/** A picked file checked before sending it: the server checks again, by content. */
export function checkDishPicture(file: Pick<File, 'size' | 'type'>): MessageId | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'staff.menu.picture.error.type';
  if (file.size > MAX_DISH_PICTURE_BYTES) return 'staff.menu.picture.error.tooLarge';
  if (file.size === 0) return 'staff.menu.picture.error.empty';
  return null;
}

/** A refused upload → what staff read. */
function uploadErrorMessage(error: unknown): MessageId {
  if (isApiError(error) && error.status === 413) return 'staff.menu.picture.error.tooLarge';
  if (isApiError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE')
    return 'staff.menu.picture.error.unreadable';
  return staffErrorMessage(error);
}

/**
 * The dish's picture and the way to change it: the file is sent as soon as it is picked (the
 * rest of the dish's form is saved apart), and diners' menus show the new one at once.
 */
export function ProductPictureField({
  product,
  restaurantId,
}: {
  product: StaffProduct;
  restaurantId: string;
}) {
  const t = useT();
  const upload = useUploadStaffProductPicture(restaurantId, product.id);
  const [error, setError] = useState<MessageId | null>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = takePickedFile(event);
    if (!file) return;
    const problem = checkDishPicture(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => notify('success', 'staff.menu.picture.saved'),
      onError: (failure) => setError(uploadErrorMessage(failure)),
    });
  };

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center">
      {product.imageUrl ? (
        <Picture
          url={product.imageUrl}
          sizes="128px"
          width={128}
          height={96}
          className={`h-24 w-32 shrink-0 rounded-xl object-cover ${upload.isPending ? 'opacity-60' : ''}`}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <FileField
          label={t('staff.menu.picture.label')}
          accept={PICTURE_TYPES.join(',')}
          hint={t('staff.menu.picture.hint', { maxMb: MAX_MB })}
          busy={upload.isPending}
          busyText={t('staff.menu.picture.uploading')}
          hasError={error !== null}
          error={(id) =>
            error ? (
              <p
                role="alert"
                id={id}
                className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold"
              >
                {t(error, { maxMb: MAX_MB })}
              </p>
            ) : null
          }
          onPick={onPick}
        />
      </div>
    </div>
  );
}
