import Link from '@/components/ui/link';
import { buttonClassName } from '@/components/ui/button';

/** A GET form: searching works without JavaScript, and a search has an address to share or bookmark. */
export function CustomerSearch({ q }: { q?: string }) {
  return (
    <form method="get" action="/customers" role="search" aria-label="Customers" className="mb-4 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor="q" className="block text-sm font-medium text-slate-800">
          Search customers
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          aria-describedby="q-hint"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm"
        />
        <p id="q-hint" className="mt-1 text-sm text-slate-600">
          Name, email, your reference, or phone number (0712 345 678, +254 712…, 254712… or its last digits all work).
        </p>
      </div>
      <div className="flex gap-2 sm:mb-7">
        <button type="submit" className={buttonClassName('secondary')}>
          Search
        </button>
        {q && (
          <Link href="/customers" className={buttonClassName('quiet')}>
            Clear
          </Link>
        )}
      </div>
    </form>
  );
}
