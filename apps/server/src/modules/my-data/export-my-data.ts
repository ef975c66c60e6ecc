/**
 * Everything the app holds about the signed-in diner (docs/privacy.md#export), read in one
 * read-only REPEATABLE READ transaction so every section is of the same moment.
 */
import {
  MY_DATA_EXPORT_VERSION,
  MY_DATA_SECTIONS,
  type MyDataExport,
  type MyDataSection,
} from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findProfileRow, listSection } from './export-repository.ts';

export async function exportMyData(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  diner: Diner,
): Promise<MyDataExport> {
  return ctx.db.transaction(
    async (tx) => {
      const profile = await findProfileRow(tx, diner.userId);
      // the account was deleted between the session check and now
      if (!profile) throw new AppError('UNAUTHENTICATED', 'This account no longer exists');
      const sections = {} as Record<MyDataSection, Record<string, unknown>[]>;
      for (const section of MY_DATA_SECTIONS)
        sections[section] = await listSection(tx, section, diner.userId);
      return {
        format: 'comensal-my-data' as const,
        version: MY_DATA_EXPORT_VERSION,
        exportedAt: ctx.now().toISOString(),
        profile,
        ...sections,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** `comensal-data-2026-03-02.json`: the export's file name, dated by the server's clock (UTC). */
export const exportFileName = (now: Date): string => `comensal-data-${now.toISOString().slice(0, 10)}.json`;
