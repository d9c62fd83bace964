import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { createBill, mpesa, signedInMerchant } from '../payments/support';
import { useTestApi } from '../support/api-server';
import { bankTransfer, currencyAccount, storedPayment } from './support';

const api = useTestApi();

async function recorded(result: Awaited<ReturnType<typeof ingestPayment>>) {
  if (result.outcome !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(result)}`);
  return storedPayment(result.payment.id);
}

describe('the fee rule each payment is charged under', () => {
  it('charges a USD RTGS payment the USD rule (USD 1.00), not the shilling one, and records that rule on the payment', async () => {
    const { merchant } = await signedInMerchant(api);
    const dollars = await currencyAccount(merchant.id, 'USD');
    const payment = await recorded(await ingestPayment(bankTransfer(dollars.accountNumber, '150', { currency: 'USD' }), { strict: false }));
    expect(payment).toMatchObject({ currency: 'USD', amount: '150.0000', feeAmount: '1.0000', netAmount: '149.0000' });
    expect(payment.feeRule).toEqual({ source: 'DEFAULT', merchantPricingId: null, currency: 'USD', channel: 'RTGS', percent: '0', fixed: '1' });
  });

  it('records the rule on payments written in a batch and on a bill\'s payment written alone', async () => {
    const { merchant, token, virtualAccount } = await signedInMerchant(api);
    const batched = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '2000'), { strict: false }));
    const bill = await createBill(api, token, { amount: 500 });
    const alone = await recorded(await ingestPayment(mpesa(bill.virtualAccountNumber!, '500'), { strict: false }));
    const mpesaRule = { source: 'DEFAULT', merchantPricingId: null, currency: 'KES', channel: 'MOBILE_MONEY', percent: '1', fixed: '0', min: '1', max: '200' };
    expect(batched).toMatchObject({ feeAmount: '20.0000', feeRule: mpesaRule });
    expect(alone).toMatchObject({ expectedPaymentId: bill.id, feeAmount: '5.0000', feeRule: mpesaRule });
    expect(await checkLedger({ merchantId: merchant.id })).toMatchObject({ ok: true });
  });
});
