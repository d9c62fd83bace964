import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect } from 'vitest';
import { qrSvg } from '@/components/payer/qr-svg';
import { decodeKeQr, keQrProblems, type DecodedKeQr } from './ke-qr-decoder';

/** Decodes with the independent reader and asserts the standard's rules hold. */
export function expectValidKeQr(payload: string): DecodedKeQr {
  const decoded = decodeKeQr(payload);
  expect(keQrProblems(decoded)).toEqual([]);
  return decoded;
}

/**
 * Draws the payload as the pages draw it (the same SVG), rasterises it, and reads it back with a
 * QR image decoder, as a phone's camera would.
 */
export async function readBackQr(text: string): Promise<string | undefined> {
  const svg = await qrSvg(text);
  const { data, info } = await sharp(Buffer.from(svg)).resize(600, 600, { kernel: 'nearest' }).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}
