/**
 * One EMVCo data object: two-digit ID, two-digit length, value. A value longer than 99 cannot be
 * written, and a value outside the standard's character set must be cleaned before (text.ts):
 * both are our bug, never the payer's, so they throw.
 */
export function dataObject(id: string, value: string): string {
  if (!/^[0-9]{2}$/.test(id)) throw new Error(`KE-QR: data object ID ${id} is not two digits`);
  if (value.length === 0 || value.length > 99) throw new Error(`KE-QR: data object ${id} would be ${value.length} characters long`);
  if (!/^[\x20-\x7e]+$/.test(value)) throw new Error(`KE-QR: data object ${id} holds characters outside the standard's set`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A template (merchant account information, additional data): its own data objects, in ID order. */
export const template = (id: string, objects: [string, string | null | undefined][]) =>
  dataObject(
    id,
    objects
      .filter((entry): entry is [string, string] => Boolean(entry[1]))
      .map(([subId, value]) => dataObject(subId, value))
      .join(''),
  );
