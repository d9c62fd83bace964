import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { checkLedger } from '@/lib/ledger/check';
import { ingestPayment } from '@/lib/payments/ingest';
import { db } from '@/lib/platform/db';
import { PRICING_LEAD_MS } from '@/lib/pricing/current';
import { merchantPricing } from '@/lib/pricing/schema';
import { setMerchantPricing } from '@/lib/pricing/set-merchant-pricing';
import { createBill, mpesa, signedInMerchant } from '../payments/support';
import { useTestApi } from '../support/api-server';
import { bankTransfer, storedPayment } from './support';

const api = useTestApi();
const OWN_MPESA = '{"KES":{"MOBILE_MONEY":{"percent":"0.5","fixed":"0","max":"100"}}}';

async function recorded(result: Awaited<ReturnType<typeof ingestPayment>>) {
  if (result.outcome !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(result)}`);
  return storedPayment(result.payment.id);
}

const cli = (...args: string[]) =>
  promisify(execFile)('node', [compiledEntry('scripts/cli.ts'), 'merchant:pricing', ...args], {
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir') },
  });

describe('a merchant\'s own pricing', () => {
  it('applies to payments received after its change and not before, on both ways of recording, and leaves past fees as they were', async () => {
    const { merchant, token, virtualAccount } = await signedInMerchant(api);
    const before = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '4000'), { strict: false }));

    const change = await setMerchantPricing({ merchantId: merchant.id, schedule: OWN_MPESA, createdBy: 'test', reason: 'volume discount' });
    const effectiveFrom = new Date(change.effectiveFrom);
    expect(effectiveFrom.getTime()).toBeGreaterThanOrEqual(Date.now() + PRICING_LEAD_MS - 1_000);
    expect(change.appliesFromThen.KES!.MOBILE_MONEY).toEqual({ percent: '0.5', fixed: '0', max: '100' });
    expect(change.appliesFromThen.KES!.RTGS).toEqual({ percent: '0', fixed: '100' }); // what it does not name stays the default

    // Received before the change but recorded after it (a late callback): the old price.
    const late = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '4000', { receivedAt: new Date(effectiveFrom.getTime() - 1) }), { strict: false }));
    const after = new Date(effectiveFrom.getTime() + 1_000);
    const batched = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '4000', { receivedAt: after }), { strict: false }));
    const bill = await createBill(api, token, { amount: 4000 });
    const alone = await recorded(await ingestPayment(mpesa(bill.virtualAccountNumber!, '4000', { receivedAt: after }), { strict: false }));
    const rtgs = await recorded(await ingestPayment(bankTransfer(virtualAccount.accountNumber, '4000', { receivedAt: after }), { strict: false }));

    const defaultRule = { source: 'DEFAULT', merchantPricingId: null, currency: 'KES', channel: 'MOBILE_MONEY', percent: '1', fixed: '0', min: '1', max: '200' };
    const ownRule = { source: 'MERCHANT', merchantPricingId: change.id, currency: 'KES', channel: 'MOBILE_MONEY', percent: '0.5', fixed: '0', max: '100' };
    expect(before).toMatchObject({ feeAmount: '40.0000', feeRule: defaultRule });
    expect(late).toMatchObject({ feeAmount: '40.0000', feeRule: defaultRule });
    expect(batched).toMatchObject({ feeAmount: '20.0000', feeRule: ownRule });
    expect(alone).toMatchObject({ feeAmount: '20.0000', feeRule: ownRule });
    expect(rtgs).toMatchObject({ feeAmount: '100.0000', feeRule: { source: 'DEFAULT', channel: 'RTGS' } });
    expect((await storedPayment(before.id)).feeAmount).toBe('40.0000');
    expect(await checkLedger({ merchantId: merchant.id })).toMatchObject({ ok: true });
  });

  it('keeps every version, and an empty schedule returns the merchant to the default for later payments', async () => {
    const { merchant, virtualAccount } = await signedInMerchant(api);
    const first = await setMerchantPricing({ merchantId: merchant.id, schedule: OWN_MPESA, createdBy: 'test' });
    const second = await setMerchantPricing({ merchantId: merchant.id, schedule: '{}', createdBy: 'test', effectiveFrom: new Date(Date.now() + 60_000) });
    const between = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '1000', { receivedAt: new Date(Date.now() + 30_000) }), { strict: false }));
    const later = await recorded(await ingestPayment(mpesa(virtualAccount.accountNumber, '1000', { receivedAt: new Date(Date.now() + 90_000) }), { strict: false }));
    expect(between).toMatchObject({ feeAmount: '5.0000', feeRule: { source: 'MERCHANT', merchantPricingId: first.id } });
    expect(later).toMatchObject({ feeAmount: '10.0000', feeRule: { source: 'DEFAULT' } });
    const versions = await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, merchant.id));
    expect(versions.map((version) => version.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('refuses a change dated before now, a schedule that is not valid and an unknown merchant, storing nothing', async () => {
    const { merchant } = await signedInMerchant(api);
    await expect(setMerchantPricing({ merchantId: merchant.id, schedule: OWN_MPESA, createdBy: 'test', effectiveFrom: new Date(Date.now() - 60_000) })).rejects.toMatchObject({
      status: 422,
      detail: expect.stringContaining('A change applies only to payments received after it'),
    });
    await expect(setMerchantPricing({ merchantId: merchant.id, schedule: '{"USD":{"INSTANT_BANK":{"percent":"0","fixed":"0.2"}}}', createdBy: 'test' })).rejects.toMatchObject({
      status: 422,
      detail: expect.stringContaining('USD.INSTANT_BANK: Instant bank transfer (PesaLink) carries only KES'),
    });
    await expect(setMerchantPricing({ merchantId: randomUUID(), schedule: OWN_MPESA, createdBy: 'test' })).rejects.toMatchObject({ status: 404 });
    expect(await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, merchant.id))).toEqual([]);
  });
});

describe('npm run cli -- merchant:pricing', () => {
  it('stores a new version and prints it with the whole schedule that applies from then on', async () => {
    const { merchant } = await signedInMerchant(api);
    const { stdout } = await cli('--merchant-id', merchant.id, '--schedule', '{"GBP":{"RTGS":{"percent":"0","fixed":"0.5"}}}', '--reason', 'pilot');
    const printed = JSON.parse(stdout);
    expect(printed).toMatchObject({ merchantId: merchant.id, schedule: { GBP: { RTGS: { percent: '0', fixed: '0.5' } } }, reason: 'pilot', createdBy: expect.stringMatching(/^cli:/) });
    expect(printed.appliesFromThen).toMatchObject({ GBP: { RTGS: { fixed: '0.5' } }, USD: { RTGS: { fixed: '1' } }, KES: { MOBILE_MONEY: { percent: '1' } } });
    const [stored] = await db().select().from(merchantPricing).where(eq(merchantPricing.id, printed.id));
    expect(stored!.effectiveFrom.toISOString()).toBe(printed.effectiveFrom);
  }, 60_000);

  it('refuses a --schedule that FEE_SCHEDULE would refuse, naming the bad value', async () => {
    const { merchant } = await signedInMerchant(api);
    const failure = await cli('--merchant-id', merchant.id, '--schedule', '{"KES":{"RTGS":{"percent":"0","fixed":"ten"}}}').catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('KES.RTGS.fixed must be a decimal string') });
    expect(await db().select().from(merchantPricing).where(eq(merchantPricing.merchantId, merchant.id))).toEqual([]);
  }, 60_000);
});
