import { describe, expect, it } from 'vitest';
import { runDrill } from '@/scripts/ha/backup-drill';

/**
 * The same drill as pitr.test.ts, restored to a timestamp (recovery_target_time) rather than a named
 * restore point. A file of its own: each drill runs in a fresh process, as an operator's would (the
 * app's in-process state, its pools and batch lanes, belongs to one database at a time).
 */
describe('point-in-time restore to a timestamp', () => {
  it('restores to a moment in time: what committed before it, nothing after', async () => {
    const result = await runDrill({ payments: 150, paymentsAfter: 50, target: 'time' });

    expect({ before: result.restoredBefore, after: result.restoredAfter, afterMerchant: result.afterMerchantExists }).toEqual({ before: 150, after: 0, afterMerchant: false });
    expect(result.ledgerCheck.report, JSON.stringify(result.ledgerCheck.report)).toMatchObject({ ok: true });
  });
});
