import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import './table.css';

/**
 * A data table for every list in the portal. From `md` up it is a table (scrolling sideways inside
 * its box if it must); on a phone each row stacks into a card whose cells are named by their
 * `label` (table.css), so no page scrolls sideways. Give every `Td` the label of its column.
 * The caption names the table for screen readers; pass `captionVisible` to show it too.
 */
export function Table({ caption, captionVisible = false, children }: { caption: string; captionVisible?: boolean; children: ReactNode }) {
  return (
    <div className="stacked-table overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={captionVisible ? 'px-4 py-3 text-left font-semibold text-slate-900' : 'sr-only'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={`bg-slate-50 px-4 py-2 font-medium whitespace-nowrap text-slate-700 ${className}`} {...props} />;
}

/** A cell; `label` is its column's name, shown beside the value when the row is stacked on a phone. */
export function Td({ className = '', label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <td data-label={label} className={`px-4 py-3 align-top text-slate-800 ${className}`} {...props} />;
}

/** Money and counts line up on the right, with digits of equal width. */
export const numeric = 'text-right tabular-nums whitespace-nowrap';
