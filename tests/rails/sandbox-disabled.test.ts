import { describe, expect, it } from 'vitest';
import { signedInMerchant } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { accountOf } from './support';

const api = useTestApi({ SANDBOX: 'false' });

describe('the sandbox when SANDBOX=false', () => {
  it('has no inbound-payments route: 404 exactly as an unknown route, and no money moves', async () => {
    const { token, virtualAccount } = await signedInMerchant(api);
    const response = await api.request('POST', '/merchants/me/sandbox/inbound-payments', {
      token,
      json: { accountNumber: virtualAccount.accountNumber, amount: 100, channel: 'MOBILE_MONEY' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', detail: 'No route matches POST /api/v1/merchants/me/sandbox/inbound-payments.' });
    expect((await accountOf(virtualAccount.id)).balance).toBe('0.0000');
  });
});
