import Link from '@/components/ui/link';

/** What an address that names nothing says, wherever it is shown. */
export function NotFoundText() {
  return (
    <>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-700">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p className="mt-4">
        <Link href="/" className="font-medium text-brand-800 underline underline-offset-2">
          Go to the overview
        </Link>
      </p>
    </>
  );
}
