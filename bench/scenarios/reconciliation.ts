import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { collectionAccounts } from '@/lib/accounts/schema';
import { checkLedger } from '@/lib/ledger/check';
import { fromUnits } from '@/lib/money/decimal';
import { config, parseConfig, setConfig } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { ingestPayment } from '@/lib/payments/ingest';
import { processBankCredit } from '@/lib/rails/bank-credit';
import { RecoveryBusy } from '@/lib/recovery/errors';
import { recoverMissedPayments } from '@/lib/recovery/recover';
import { keepSandboxTransaction } from '@/lib/recovery/sandbox-list';
import { importStatementFile } from '@/lib/statements/import-statement';
import type { Target } from './target';

const ENTRIES = Number(process.env.BENCH_STATEMENT_ENTRIES ?? 10_000);
const PROVIDER_TRANSACTIONS = Number(process.env.BENCH_PROVIDER_TRANSACTIONS ?? 10_000);
const DROPPED = Number(process.env.BENCH_DROPPED_CALLBACKS ?? 100);
/** Callbacks recorded at once while the provider's list is filled: the batcher's group commits, as live. */
const CALLBACKS_AT_ONCE = 16;
const ACCOUNTS = 50;

const reference = () => `FT${randomBytes(6).toString('hex').toUpperCase()}`;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** A camt.053 day statement of the collection account with these credits. */
function camt(collectionAccount: string, credits: { reference: string; accountNumber: string; cents: number }[]): Uint8Array {
  const total = credits.reduce((sum, credit) => sum + BigInt(credit.cents), 0n);
  const balance = (code: string, cents: bigint) => `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="KES">${fromUnits(cents * 100n)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-21</Dt></Dt></Bal>`;
  const entries = credits.map(
    (credit) =>
      `<Ntry><Amt Ccy="KES">${fromUnits(BigInt(credit.cents) * 100n)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-11-21T10:00:00+03:00</DtTm></BookgDt>` +
      `<AcctSvcrRef>${credit.reference}</AcctSvcrRef><NtryDtls><TxDtls><Refs><AcctSvcrRef>${credit.reference}</AcctSvcrRef></Refs><RltdPties><Dbtr><Nm>Bench Payer</Nm></Dbtr>` +
      `<CdtrAcct><Id><Othr><Id>${credit.accountNumber}</Id></Othr></Id></CdtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>`,
  );
  const id = `STMT-${randomBytes(6).toString('hex').toUpperCase()}`;
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>${id}</MsgId>` +
      `<CreDtTm>2026-11-21T23:59:00+03:00</CreDtTm></GrpHdr><Stmt><Id>${id}</Id><Acct><Id><Othr><Id>${collectionAccount}</Id></Othr></Id><Ccy>KES</Ccy></Acct>` +
      `${balance('OPBD', 0n)}${balance('CLBD', total)}${entries.join('')}</Stmt></BkToCstmrStmt></Document>`,
  );
}

/**
 * Reconciliation at volume: a day's bank statement of ENTRIES credits (half notified before, half
 * never) imported, then imported again; and DROPPED M-Pesa callbacks found by one recovery run.
 */
export async function reconciliationScenario(target: Target): Promise<string> {
  const accounts: { accountNumber: string }[] = [];
  for (let index = 0; index < ACCOUNTS; index++) {
    accounts.push(
      await insertVirtualAccount(db(), { merchantId: target.merchantId, ownerType: 'CUSTOMER', ownerId: crypto.randomUUID(), purpose: 'CUSTOMER', accountName: `Bench customer ${index}`, accountType: 'STATIC', currency: 'KES' }),
    );
  }
  const credits = Array.from({ length: ENTRIES }, (_, index) => ({ reference: reference(), accountNumber: accounts[index % ACCOUNTS]!.accountNumber, cents: 10_000 + index }));
  const notifying = performance.now();
  for (const credit of credits.filter((_, index) => index % 2 === 0)) {
    await processBankCredit({ bankReference: credit.reference, accountNumber: credit.accountNumber, amount: fromUnits(BigInt(credit.cents) * 100n), currency: 'KES', channel: 'INSTANT_BANK', transactionTime: new Date().toISOString() });
  }
  const notified = seconds(notifying);
  const [collection] = await db().select().from(collectionAccounts).where(eq(collectionAccounts.currency, 'KES'));
  const file = camt(collection!.bankAccountNumber, credits);

  const first = performance.now();
  const report = await importStatementFile(file, 'bench.xml');
  const firstSeconds = seconds(first);
  const again = performance.now();
  const repeat = await importStatementFile(file, 'bench.xml');
  const againSeconds = seconds(again);

  // The recovery half runs as the sandbox does: the simulated M-Pesa's own list.
  setConfig(parseConfig({ ...process.env, DATA_DIR: config().dataDir, LOG_LEVEL: 'warn', SANDBOX: 'true' }));
  // The simulated provider's list: PROVIDER_TRANSACTIONS payments over the last hour, of which
  // DROPPED (spread through it) never reached the service and the rest were recorded by their callbacks.
  const now = Date.now();
  const dropEvery = Math.max(1, Math.floor(PROVIDER_TRANSACTIONS / Math.max(DROPPED, 1)));
  const listing = performance.now();
  let dropped = 0;
  for (let start = 0; start < PROVIDER_TRANSACTIONS; start += CALLBACKS_AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(CALLBACKS_AT_ONCE, PROVIDER_TRANSACTIONS - start) }, async (_, offset) => {
        const index = start + offset;
        const drop = dropped < DROPPED && index % dropEvery === 0;
        if (drop) dropped++;
        const transaction = {
          transactionId: `BD${randomBytes(4).toString('hex').toUpperCase()}`,
          merchantId: target.merchantId,
          amount: String(100 + index),
          billReference: accounts[index % ACCOUNTS]!.accountNumber,
          msisdn: '254712345678',
          sender: 'Bench Payer',
          trxDate: new Date(now - 1_000 - index * 300),
        };
        if (!drop) {
          await ingestPayment(
            { rail: 'MPESA', channel: 'MOBILE_MONEY', providerReference: transaction.transactionId, accountReference: transaction.billReference, amount: transaction.amount, currency: 'KES', payerName: transaction.sender, payerPhone: transaction.msisdn, receivedAt: transaction.trxDate },
            { strict: false },
          );
        }
        await keepSandboxTransaction({ ...transaction, callback: drop ? 'DROPPED' : 'DELIVERED' });
      }),
    );
  }
  const listed = seconds(listing);
  // The server's own recovery job may be running (it ticks every minute): wait for it, as an operator would.
  let recovered: Awaited<ReturnType<typeof recoverMissedPayments>> | undefined;
  let recovering = performance.now();
  while (!recovered) {
    recovering = performance.now();
    try {
      recovered = await recoverMissedPayments({ trigger: 'CLI', sinceMs: 3_600_000 });
    } catch (error) {
      if (!(error instanceof RecoveryBusy)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const recoverySeconds = seconds(recovering);
  const checking = performance.now();
  const ledger = await checkLedger({ merchantId: target.merchantId });

  return [
    `\n### Reconciliation at volume (${ACCOUNTS} accounts)`,
    `- Statement of ${ENTRIES.toLocaleString('en')} credits (${(file.length / 1e6).toFixed(1)} MB camt.053; half notified beforehand in ${notified.toFixed(1)} s): imported in ${firstSeconds.toFixed(1)} s (${Math.round(ENTRIES / firstSeconds)} entries/s): ${JSON.stringify(summary(report))}`,
    `- The same file again: ${againSeconds.toFixed(2)} s, ${JSON.stringify(summary(repeat))}`,
    `- Recovery over ${PROVIDER_TRANSACTIONS.toLocaleString('en')} provider transactions (the last hour; listed and ${PROVIDER_TRANSACTIONS - dropped} recorded by callback in ${listed.toFixed(1)} s), ${dropped} of them never received: one run in ${recoverySeconds.toFixed(1)} s, ${recovered.run.pages} pages, recorded ${recovered.run.recorded}`,
    `- ledger:check for the merchant: ${ledger.ok ? 'clean' : JSON.stringify(ledger.problems)} in ${seconds(checking).toFixed(1)} s`,
  ].join('\n');
}

const summary = (report: unknown) => {
  const statement = (report as { statements?: Record<string, unknown>[] }).statements?.[0] ?? (report as Record<string, unknown>);
  const { entries, matched, recordedNow, suspense, mismatched, alreadyImported } = statement as Record<string, unknown>;
  return { entries, matched, recordedNow, suspense, mismatched, alreadyImported };
};
