import { NavLink } from 'react-router';
import { useT } from '@/lib/i18n';

export interface PageTab {
  to: string;
  label: string;
}

/** A page whose feature has not landed yet: its real title (and tabs), and a plain notice. */
export function ComingSoon({ title, tabs = [] }: { title: string; tabs?: readonly PageTab[] }) {
  const t = useT();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      {tabs.length > 0 ? (
        <nav aria-label={t('common.sections')}>
          <ul className="flex gap-2">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className="inline-flex min-h-11 items-center rounded-full border-2 border-line bg-white px-4 font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="rounded-2xl border border-dashed border-brand-300 bg-brand-50 p-6 text-lg">
        {t('comingSoon.message')}
      </p>
    </section>
  );
}
