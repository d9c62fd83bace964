/** A plain GET form to /docs?q=…: the search works without JavaScript and its results have an address. */
export function DocsSearchForm({ query = '' }: { query?: string }) {
  return (
    <form action="/docs" method="get" role="search" aria-label="API reference" className="mb-4">
      <label htmlFor="docs-search" className="mb-1 block text-sm font-medium text-slate-900">
        Search operations
      </label>
      <div className="flex gap-2">
        <input
          id="docs-search"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="e.g. bills, refund, POST"
          className="min-h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <button type="submit" className="min-h-10 rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800">
          Search
        </button>
      </div>
    </form>
  );
}
