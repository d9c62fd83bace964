import type { Runner, Task } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '@/lib/service/tasks';
import { startWorker } from '@/lib/platform/jobs/worker';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { initiate, settled } from './support';

const api = useTestApi({ STK_TIMEOUT_SECONDS: '10' });

/** Other test files share the database's queue: this worker runs only this file's checks. */
const ours = new Set<string>();
const onlyOurs: Task = async (payload, helpers) => {
  if (!ours.has((payload as { initiationId: string }).initiationId)) throw new Error('another test file\'s job');
  await tasks['stk.check']!(payload, helpers);
};

let worker: Runner | undefined;
beforeAll(async () => {
  worker = await startWorker({ tasks: { 'stk.check': onlyOurs }, concurrency: 2 });
});
afterAll(() => worker?.stop());

describe('the queued status check, run by the job worker', () => {
  it('resolves a prompt that never gets a callback, STK_TIMEOUT_SECONDS after it was sent', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const initiation = await initiate(api, token, { phone: '254700000004', amount: 25, accountNumber: virtualAccount.accountNumber });
    ours.add(initiation.id);
    const early = await settled(api, token, initiation.id, 5_000);
    expect(early.status).toBe('PENDING');
    const done = await settled(api, token, initiation.id, 12_000);
    expect(done).toMatchObject({ status: 'FAILED', failureCode: '1037', failureReason: 'The payer\'s phone could not be reached.' });
  }, 30_000);
});
