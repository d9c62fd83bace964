import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { db } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { bankWebhookSecret } from '@/lib/rails/secrets';
import { bankBody, c2bBody, postBank, postC2b } from './support';

const api = useTestApi();

/** The transaction that wrote each row: rows written in one commit share it. */
async function writers(table: 'payments' | 'rail_notifications' | 'suspense_payments', reference: string): Promise<string[]> {
  const { rows } = await db().execute<{ xid: string }>(sql`select xmin::text as xid from ${sql.identifier(table)} where provider_reference = ${reference} order by xmin::text`);
  return rows.map((row) => row.xid);
}

async function confirm(body: unknown) {
  const response = await postC2b(api, 'confirmation', body);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
}

describe('raw rail notifications travel with their payments', () => {
  it('keeps an M-Pesa confirmation into an account in the same commit as its payment', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '250.00');
    await confirm(body);

    const [payment] = await writers('payments', body.TransID);
    expect(payment).toBeDefined();
    expect(await writers('rail_notifications', body.TransID)).toEqual([payment]);
  });

  it('keeps every copy Daraja sends of one receipt, while recording the payment once', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '300.00');
    await confirm(body);
    await confirm(body);
    await confirm({ ...body, TransAmount: '999.00' }); // a copy with other content is still what M-Pesa said

    expect(await writers('payments', body.TransID)).toHaveLength(1);
    const { rows } = await db().execute<{ raw_body: string }>(sql`select raw_body from rail_notifications where provider_reference = ${body.TransID} order by received_at, raw_body`);
    expect(rows.map((row) => JSON.parse(row.raw_body).TransAmount).sort()).toEqual(['300.00', '300.00', '999.00']);
  });

  it('keeps each of many confirmations arriving together exactly once, each with its own payment', async () => {
    const merchants = await Promise.all([newMerchant(), newMerchant(), newMerchant()]);
    const bodies = Array.from({ length: 24 }, (_, index) => c2bBody(merchants[index % 3]!.virtualAccount.accountNumber, `${100 + index}.00`));
    await Promise.all(bodies.map(confirm));

    for (const body of bodies) {
      const [payment, ...others] = await writers('payments', body.TransID);
      expect(others).toEqual([]);
      expect(await writers('rail_notifications', body.TransID)).toEqual([payment]);
    }
  });

  it('keeps the notification of money held in suspense for an account that does not exist', async () => {
    await newMerchant();
    const nobodys = withCheckDigit(`9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    const body = c2bBody(nobodys, '75.00');
    await confirm(body);

    expect(await writers('suspense_payments', body.TransID)).toHaveLength(1);
    const { rows } = await db().execute<{ raw_body: string; kind: string }>(sql`select raw_body, kind from rail_notifications where provider_reference = ${body.TransID}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('C2B_CONFIRMATION');
    expect(JSON.parse(rows[0]!.raw_body)).toEqual(body);
  });

  it('keeps the notification of an amount that is not money, held in suspense', async () => {
    const { virtualAccount } = await newMerchant();
    const body = c2bBody(virtualAccount.accountNumber, '0');
    await confirm(body);

    expect(await writers('payments', body.TransID)).toEqual([]);
    expect(await writers('suspense_payments', body.TransID)).toHaveLength(1);
    expect(await writers('rail_notifications', body.TransID)).toHaveLength(1);
  });

  it("keeps a bank credit's signed body, as sent, with its payment in one commit", async () => {
    const { virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '1200.00');
    const response = await postBank(api, body, await bankWebhookSecret());
    expect(response.status).toBe(200);

    const [payment] = await writers('payments', body.bankReference as string);
    expect(payment).toBeDefined();
    expect(await writers('rail_notifications', body.bankReference as string)).toEqual([payment]);
    const { rows } = await db().execute<{ raw_body: string; kind: string; rail: string }>(sql`select raw_body, kind, rail from rail_notifications where provider_reference = ${body.bankReference as string}`);
    expect(rows[0]).toMatchObject({ kind: 'BANK_CREDIT', rail: 'BANK' });
    expect(rows[0]!.raw_body).toBe(JSON.stringify(body));
  });
});
