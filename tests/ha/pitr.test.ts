import { describe, expect, it } from 'vitest';
import { runDrill } from '@/scripts/ha/backup-drill';

/**
 * The backup drill of docs/operations.md on Debian's PostgreSQL 15, as an operator runs it: WAL archived
 * by archive_command, a base backup by scripts/ha/backup-base.sh, then scripts/ha/backup-restore.sh into
 * a new data folder up to a named restore point. What was paid before the point is all there, what was
 * paid after is not, and the ledger's invariants hold on the restored server.
 */
describe('point-in-time restore from a base backup and the WAL archive', () => {
  it('restores exactly the payments made up to the restore point, with a clean ledger check', async () => {
    const result = await runDrill({ payments: 400, paymentsAfter: 100 });

    expect({ before: result.restoredBefore, after: result.restoredAfter, afterMerchant: result.afterMerchantExists }).toEqual({ before: 400, after: 0, afterMerchant: false });
    expect(result.ledgerCheck.report, JSON.stringify(result.ledgerCheck.report)).toMatchObject({ ok: true });
    expect(result.ledgerCheck.exitCode).toBe(0);
  });
});
