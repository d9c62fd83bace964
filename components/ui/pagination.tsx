import Link from '@/components/ui/link';

const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100';

/**
 * Keyset paging: the service gives the next page only, so the way back is "First page".
 * Plain links, so paging works without JavaScript and every page has an address to share.
 */
export function Pagination({ firstHref, nextHref, label = 'Pages' }: { firstHref?: string; nextHref?: string; label?: string }) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} data-print="hide" className="mt-4 flex flex-wrap gap-2">
      {firstHref && (
        <Link href={firstHref} className={linkClass}>
          ← First page
        </Link>
      )}
      {nextHref && (
        <Link href={nextHref} className={linkClass}>
          Next page →
        </Link>
      )}
    </nav>
  );
}
