import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The e-mails written to DATA_DIR/outbox for `address`, parsed. */
export async function mailsTo(dataDir: string, address: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);
}
