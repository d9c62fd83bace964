import { PrintButton } from './print-button';

/** Shown when a merchant opened the page to print it (?print=1): what to do, and a Print button. */
export function PrintToolbar() {
  return (
    <div data-print="hide" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3">
      <p className="text-sm text-sky-900">
        These instructions fit on one A4 page. Print them with the button or your browser&rsquo;s Print command (Ctrl+P, or ⌘P on a Mac).
      </p>
      <PrintButton />
    </div>
  );
}
