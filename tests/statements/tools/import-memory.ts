/**
 * Peak memory of importing a large camt.053 file (docs/benchmarks.md, "Statement import memory").
 *   node --import tsx tests/statements/tools/import-memory.ts [megabytes=50]
 * Starts its own embedded PostgreSQL in a temporary folder, writes a day's statement of the KES
 * collection account of about that size (bank charges, skipped, and a credit every 100 entries, held
 * in suspense for an unknown account), imports it and prints the process's peak resident set size.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { collectionAccountId } from '@/lib/accounts/provision';
import { closePool, db, useDatabaseUrl } from '@/lib/platform/db';
import { applyMigrations } from '@/lib/platform/db/migrate';
import { startEmbeddedPostgres } from '@/lib/platform/postgres/embedded';
import { importStatementFile } from '@/lib/statements/import-statement';

const megabytes = Number(process.argv[2] ?? 50);

function statement(targetBytes: number): Uint8Array {
  const id = `MEM-${randomBytes(4).toString('hex').toUpperCase()}`;
  const parts: string[] = [];
  let size = 0;
  let debits = 0n;
  let credits = 0n;
  for (let index = 0; size < targetBytes; index++) {
    const credit = index % 100 === 0;
    const reference = `${id}-${index}`;
    // Kept to a few hundred bytes an entry, with the narrative a real bank adds.
    const entry =
      `<Ntry><Amt Ccy="KES">${credit ? '150.00' : '1.50'}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>2026-11-21</Dt></BookgDt><ValDt><Dt>2026-11-21</Dt></ValDt><AcctSvcrRef>${reference}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${reference}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>` +
      `<RltdPties><Dbtr><Pty><Nm>Payer ${index}</Nm></Pty></Dbtr><CdtrAcct><Id><Othr><Id>0999999998</Id></Othr></Id></CdtrAcct></RltdPties>` +
      `<RmtInf><Ustrd>TRANSFER ${index} FROM A PAYER WITH A LONG REMITTANCE TEXT THAT BANKS REPEAT</Ustrd></RmtInf></TxDtls></NtryDtls>` +
      `<AddtlNtryInf>${credit ? 'INCOMING TRANSFER' : 'SMS ALERT CHARGE'}</AddtlNtryInf></Ntry>\n`;
    if (credit) credits += 15000n;
    else debits += 150n;
    parts.push(entry);
    size += entry.length;
  }
  const opening = 100_000_000n;
  const closing = opening + credits - debits;
  const money = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  const balance = (code: string, cents: bigint) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="KES">${money(cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-21</Dt></Dt></Bal>`;
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId><CreDtTm>2026-11-21T23:59:00+03:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${id}</Id><Acct><Id><Othr><Id>0100756983</Id></Othr></Id><Ccy>KES</Ccy></Acct>${balance('OPBD', opening)}${balance('CLBD', closing)}\n`;
  return new TextEncoder().encode(`${head}${parts.join('')}</Stmt></BkToCstmrStmt></Document>\n`);
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'statement-memory-'));
await chmod(folder, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: folder });
try {
  useDatabaseUrl(postgres.url);
  await applyMigrations();
  await collectionAccountId(db(), 'KES');
  let file: Uint8Array | undefined = statement(megabytes * 1024 * 1024);
  const bytes = file.byteLength;
  const baseline = process.resourceUsage().maxRSS;
  const started = performance.now();
  const report = await importStatementFile(file, 'memory.xml');
  file = undefined;
  const seconds = (performance.now() - started) / 1000;
  const { entries, recordedNow, suspense, skipped } = report.statements[0]!;
  console.log(
    JSON.stringify({
      fileMB: +(bytes / 1024 / 1024).toFixed(1),
      entries,
      recordedNow,
      suspense,
      skipped,
      seconds: +seconds.toFixed(1),
      rssBeforeImportMiB: Math.round(baseline / 1024),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} finally {
  await closePool();
  await postgres.stop();
  await rm(folder, { recursive: true, force: true });
}
