/**
 * JSON shapes of stored values. NUMERIC arrives from PostgreSQL as an exact decimal string;
 * the spec asks for JSON numbers, and a decimal of up to 15 significant digits converts exactly.
 */
export const moneyJson = (value: string) => Number(value);
export const nullableMoneyJson = (value: string | null) => (value === null ? null : Number(value));
export const timestampJson = (value: Date) => value.toISOString();
export const nullableTimestampJson = (value: Date | null) => (value === null ? null : value.toISOString());
