import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/document-title';

/** The frame of every reservation screen: its title (also the document title) and content. */
export function ReservationFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
