import { Button } from '@/components/ui/button';

/**
 * The console's one search box: a plain GET form, so a search has an address to share and works
 * without JavaScript. Enter submits; the field is focused first on the page.
 */
export function PaymentSearchForm({ q }: { q: string }) {
  return (
    <form method="get" action="/operator/payments" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="operator-q" className="block text-sm font-medium text-slate-800">
          Receipt, phone, reference or account
        </label>
        <input
          id="operator-q"
          name="q"
          type="search"
          defaultValue={q}
          required
          maxLength={100}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="QJK3H8X2LP, 0712 345 678, INV-2041…"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base shadow-sm"
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}
