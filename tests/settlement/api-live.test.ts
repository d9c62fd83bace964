import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { addAccount, bankAccount, expectProblem, forceOutcome, json, merchantWithAccounts, payOutNow, type SettlementJson } from './api-helpers';
import { pay } from './world';

// Outside the sandbox: real rails are chosen, and the sandbox's outcome route does not exist.
const api = useTestApi({ SANDBOX: 'false' });

describe('paying out outside the sandbox', () => {
  // (An M-Pesa payout would queue a Daraja job on the shared queue, for another file's worker to send: the
  // rails' own tests cover B2C and B2B.)
  it('goes to the bank rail for a bank account, waiting for the next pain.001 file, and the sandbox outcome route is unknown', async () => {
    const world = await merchantWithAccounts(api);
    await json(await addAccount(api, world.admin, bankAccount({ currency: 'USD', accountNumber: '5550001111' })), 201);
    await pay(world.usd, '400');

    const bank = await json<SettlementJson>(await payOutNow(api, world.admin, { currency: 'USD' }), 201);
    expect(bank).toMatchObject({ rail: 'BANK', status: 'PENDING', destination: 'Equity Bank ••••1111' });

    await expectProblem(await forceOutcome(api, world.admin, bank.id, 'PAID'), 404, 'not_found');
    expect((await json<SettlementJson>(await api.request('GET', `/merchants/me/settlements/${bank.id}`, { token: world.admin }), 200)).status).toBe('PENDING');
  });
});
