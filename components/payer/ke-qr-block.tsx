import { getTranslations } from 'next-intl/server';
import { QrCode } from './qr-code';

/**
 * The KE-QR code the M-PESA app and Kenyan bank apps scan to pay (lib/payment-options/ke-qr): on
 * screen and on the printed sheet (there beside the M-Pesa steps, to keep to one A4 page),
 * labelled apart from the code that only opens this page. A figure with its caption, not a
 * region: the page's regions are its ways to pay by hand.
 */
export async function KeQrBlock({ payload }: { payload: string }) {
  const t = await getTranslations('payer.keQr');
  return (
    <figure className="keep-together mt-6 flex flex-col items-center gap-4 rounded-lg border border-slate-300 p-4 sm:flex-row print:mt-3 print:w-[44mm] print:flex-col print:gap-1 print:p-2 print:text-center">
      <QrCode text={payload} label={t('label')} className="size-44 shrink-0 print:size-[38mm]" />
      <figcaption>
        <span className="block text-lg font-semibold text-slate-900 print:text-[9pt]">{t('title')}</span>
        <span className="mt-1 block text-sm text-slate-700 print:hidden">{t('hint')}</span>
      </figcaption>
    </figure>
  );
}
