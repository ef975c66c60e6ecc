import { type FormEvent, useEffect, useId, useState } from 'react';
import { IconSearch } from '@/components/ui/icons';
import { track } from '@/lib/analytics/track';
import { useT } from '@/lib/i18n';

const SEARCH_DEBOUNCE_MS = 400;

/** Search by name: updates while typing (debounced) and at once on Enter. */
export function RestaurantSearch({ value, onSearch }: { value: string; onSearch: (query: string) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  if (value !== syncedValue) {
    // The URL changed from outside (back button, "clear search"): show it.
    setSyncedValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = window.setTimeout(() => {
      track({ name: 'search' });
      onSearch(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    track({ name: 'search' });
    onSearch(text.trim());
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative">
      <label htmlFor={id} className="sr-only">
        {t('restaurants.search.label')}
      </label>
      <IconSearch
        size={22}
        className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-muted"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('restaurants.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-13 w-full rounded-full border-2 border-line bg-white pr-4 pl-12 text-lg placeholder:text-ink-muted"
      />
    </form>
  );
}
