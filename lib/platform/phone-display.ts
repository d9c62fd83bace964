/**
 * The Kenyan half of displayPhone (lib/platform/phone.ts), without the phone-number metadata, so
 * that client components may show a number too: 254712345678, +254…, 0712… or a masked
 * 2547••••5678 as "0712 345 678" / "07•• ••5 678"; undefined for anything else.
 */
const KENYAN = /^(?:\+?254|0)([0-9•*]{9})$/;

export function kenyanPhoneDisplay(stored: string): string | undefined {
  const national = KENYAN.exec(stored.replace(/[\s\-.()]/g, ''))?.[1];
  return national && `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
