import { qrSvg } from './qr-svg';

/**
 * A QR code of `text`, drawn on the server as inline SVG: no image request and no JavaScript.
 * The SVG is the qrcode package's output for our own text, so inlining it is safe.
 */
export async function QrCode({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const svg = await qrSvg(text);
  return <div role="img" aria-label={label} className={`[&>svg]:block [&>svg]:size-full ${className}`} dangerouslySetInnerHTML={{ __html: svg }} />;
}
