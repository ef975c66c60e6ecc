import type { StaffRestaurant } from '@comensal/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocalized, useT } from '@/lib/i18n';
import { useTableQrCodes } from '../api/get-table-qr-codes';

/** `staff.qr`: one QR code per table, the table number and room in large print; printed one card per table. */
export function TableQrPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const localized = useLocalized();
  const codes = useTableQrCodes(restaurant.id);
  useDocumentTitle(`${t('staff.nav.qr')} · ${restaurant.name}`);
  return (
    <section aria-labelledby="staff-qr" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <h1 id="staff-qr" className="text-2xl font-bold">
            {t('staff.qr.title')}
          </h1>
          <p className="text-ink-muted">{t('staff.qr.hint')}</p>
        </div>
        <Button onClick={() => window.print()} disabled={!codes.data || codes.data.items.length === 0}>
          {t('staff.qr.print')}
        </Button>
      </div>
      {codes.isPending ? (
        <LoadingBlock />
      ) : codes.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void codes.refetch()}
          isRetrying={codes.isFetching}
        />
      ) : codes.data.items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.qr.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 print:block">
          {codes.data.items.map((table) => {
            const room = localized(table.room);
            return (
              <li
                key={table.tableId}
                className="flex flex-col items-center gap-3 rounded-2xl border-2 border-line bg-white p-6 text-center break-inside-avoid print:mb-0 print:flex print:min-h-screen print:justify-center print:border-0 print:break-after-page"
              >
                <p className="text-sm font-semibold">{restaurant.name}</p>
                <QRCodeSVG
                  value={table.url}
                  size={256}
                  level="M"
                  marginSize={2}
                  title={t('staff.qr.codeOf', { number: table.number, room })}
                  className="h-auto w-full max-w-64 print:max-w-[70vw]"
                />
                <p className="text-4xl font-bold print:text-7xl">
                  {t('staff.qr.table', { number: table.number })}
                </p>
                <p className="text-2xl font-semibold print:text-5xl">{room}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
