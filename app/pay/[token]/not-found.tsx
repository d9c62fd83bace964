import { PayerSheet } from '@/components/payer/payer-sheet';

/** An unknown or mistyped token: said plainly, without hinting whether any such link ever existed. */
export default function PayerLinkNotFound() {
  return (
    <PayerSheet>
      <p className="text-sm font-medium text-brand-800">Payment instructions</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">This link is not valid</h1>
      <p className="mt-3 text-slate-700">
        Check that you opened or copied the whole link. If it still does not work, ask the business that sent it to you for a new one.
      </p>
    </PayerSheet>
  );
}
