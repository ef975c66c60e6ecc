import { Button } from '@/components/ui/button';
import { IconShare } from '@/components/ui/icons';
import { logFailure } from '@/lib/log';
import { notify } from '@/lib/toast';
import { useT } from '@/lib/i18n';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notify('success', 'share.copied');
  } catch (error) {
    logFailure('Copying the link failed', error);
    notify('error', 'share.copyFailed');
  }
}

/** Shares a page: the system share sheet where the browser has one (Web Share API), else copies the link. */
export async function sharePage({ title, url }: { title: string; url: string }): Promise<void> {
  const data = { title, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (isAbort(error)) return; // The diner closed the share sheet.
      logFailure('Sharing failed', error);
    }
  }
  await copyLink(url);
}

export function ShareButton({ title, path }: { title: string; path: string }) {
  const t = useT();
  return (
    <Button
      variant="secondary"
      onClick={() => void sharePage({ title, url: new URL(path, window.location.origin).toString() })}
    >
      <IconShare size={18} />
      {t('share.action')}
    </Button>
  );
}
