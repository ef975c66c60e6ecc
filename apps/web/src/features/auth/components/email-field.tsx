import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n';

/** The e-mail field of the auth forms (sign in, sign up, forgotten password). */
export function EmailField({ error }: { error: string | undefined }) {
  const t = useT();
  return (
    <TextField
      label={t('auth.field.email')}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
    />
  );
}
