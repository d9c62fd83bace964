import QRCode from 'qrcode';

/**
 * The SVG of a QR code of `text`, as every payer-facing code is drawn (error correction M, one
 * module of margin, black on white): the tests read this very drawing back with a QR decoder.
 */
export const qrSvg = (text: string) =>
  QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
