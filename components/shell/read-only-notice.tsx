/** Said once, at the top of every page, so hidden buttons do not look like a fault. */
export function ReadOnlyNotice() {
  return (
    <p className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      You have read-only access: you can look at everything here, but not change it.
    </p>
  );
}
