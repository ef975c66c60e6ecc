import { type ReactNode, useId } from 'react';

/** One titled block of the profile page. */
export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
