import { displayPhone, kenyanMobile } from '@/lib/platform/phone';
import { toUnits } from '@/lib/money/decimal';

/** A customer's phone is offered to a prompt only when it is a Kenyan mobile number, as M-Pesa needs; written as Kenyans write it. */
export function promptPhone(phone: string | null | undefined): string | undefined {
  const kenyan = phone ? kenyanMobile(phone) : undefined;
  return kenyan && displayPhone(kenyan);
}

/**
 * Prompts ask for whole shillings: an amount due with cents is rounded up, so that paying it
 * settles the bill (the few cents over are recorded as overpaid). Undefined when nothing is due.
 */
export function wholeShillings(due: string): string | undefined {
  const units = toUnits(due);
  if (units <= 0n) return undefined;
  const shilling = 10_000n;
  return String((units + shilling - 1n) / shilling);
}
