import { useId } from 'react';
import { useSearchParamsState } from '@/lib/use-search-params-state';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The restaurant-local day a console page shows: `?date=` when it is one, else null (today). */
export function useStaffDay(): [string | null, (day: string) => void] {
  const [params, setParams] = useSearchParamsState();
  const raw = params.get('date');
  const setDay = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('date', value);
      else next.delete('date');
      return next;
    });
  return [raw && DATE_PATTERN.test(raw) ? raw : null, setDay];
}

/** A labelled day picker for {@link useStaffDay}. */
export function StaffDayPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-xl border-2 border-line bg-white px-3"
      />
    </div>
  );
}
