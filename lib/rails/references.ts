import { createHash, randomBytes } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const pick = (bytes: Uint8Array, alphabet: string) => Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');

/** Ten uppercase letters and digits, starting with a letter, as M-Pesa receipts look. */
export const receiptFromBytes = (bytes: Uint8Array) => pick(bytes.subarray(0, 1), LETTERS) + pick(bytes.subarray(1, 10), ALPHANUMERIC);

export const newMpesaReceipt = () => receiptFromBytes(randomBytes(10));

/** The same receipt every time for the same seed: a simulated payment is recorded once however it is learned. */
export const receiptFor = (seed: string) => receiptFromBytes(createHash('sha256').update(seed).digest());

export const newBankReference = () => `FT${pick(randomBytes(12), ALPHANUMERIC)}`;
