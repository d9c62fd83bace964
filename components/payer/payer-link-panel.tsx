import { CopyField } from '@/components/ui/copy-field';
import { LinkButton } from '@/components/ui/link-button';
import type { PayerLinkView } from '@/app/pay/links';
import { QrCode } from './qr-code';

/**
 * The way to hand payment instructions to a payer: a link to send (copied with a button, or by
 * hand without JavaScript) and a printable page. `what` completes "how to pay …".
 */
export async function PayerLinkPanel({ link, what }: { link: PayerLinkView; what: string }) {
  return (
    <section aria-labelledby="payer-instructions" className="rounded-lg border border-slate-200 bg-white p-4" data-print="hide">
      <h2 id="payer-instructions" className="text-lg font-semibold text-slate-900">
        Payer instructions
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        A page that shows how to pay {what} by M-Pesa and bank transfer. It shows your business name and the payment details,
        nothing else, and anyone with the link can open it.
      </p>
      <div className="mt-3 max-w-xl">
        <CopyField label="Payer link" id="payer-link" value={link.url} copyLabel="Copy payer link" />
      </div>
      <LinkButton href={link.printHref} target="_blank" rel="noopener" variant="secondary" className="mt-3">
        Print payer instructions
      </LinkButton>
      {link.keQr && (
        <figure className="mt-4 flex items-center gap-4 border-t border-slate-200 pt-4">
          <QrCode text={link.keQr.payload} label="KE-QR code: payers scan it with the M-PESA app or their bank app to pay" className="size-36 shrink-0" />
          <figcaption className="text-sm text-slate-700">
            <span className="block font-medium text-slate-900">Scan to pay with M-PESA or your bank app</span>
            {link.keQr.kind === 'DYNAMIC' ? 'A KE-QR code with the amount still due and the reference' : 'A KE-QR code where the payer types the amount'}: show it to a payer or print it. The payer page and its printed sheet carry it too.
          </figcaption>
        </figure>
      )}
    </section>
  );
}
