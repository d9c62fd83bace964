import { sql, type SQL } from 'drizzle-orm';

/**
 * Which payments belong to a settlement bucket. A sub-merchant with an ACTIVE settlement account in
 * the currency is its own bucket; every other sub-merchant's payments (and the merchant's own) fall
 * into the merchant's bucket (subMerchantId null). `alias` names a table with merchant_id and
 * sub_merchant_id (payments, payment_reversals, virtual_accounts).
 */
export function inBucket(alias: string, bucket: { merchantId: string; subMerchantId: string | null; currency: string }): SQL {
  const table = sql.raw(alias);
  if (bucket.subMerchantId) return sql`${table}.sub_merchant_id = ${bucket.subMerchantId}::uuid`;
  return sql`(${table}.sub_merchant_id is null or ${table}.sub_merchant_id not in (${ownBucketSubMerchants(bucket.merchantId, bucket.currency)}))`;
}

/** The sub-merchants of a merchant that are buckets of their own in a currency. */
export const ownBucketSubMerchants = (merchantId: string, currency: string): SQL => sql`
  select sa.sub_merchant_id from settlement_accounts sa
   where sa.merchant_id = ${merchantId}::uuid and sa.currency = ${currency} and sa.status = 'ACTIVE' and sa.sub_merchant_id is not null`;

/**
 * The bucket a row of `alias` falls in, as a column: its sub-merchant when that one is a bucket of
 * its own in the row's currency, else null (the merchant's bucket).
 */
export const bucketColumn = (alias: string): SQL => {
  const table = sql.raw(alias);
  return sql`(case when exists (select 1 from settlement_accounts sa where sa.merchant_id = ${table}.merchant_id and sa.sub_merchant_id = ${table}.sub_merchant_id
                                  and sa.currency = ${table}.currency and sa.status = 'ACTIVE') then ${table}.sub_merchant_id end)`;
};
