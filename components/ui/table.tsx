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

/**
 * A column header. Its look (and a cell's) comes from table.css rather than a class list on every
 * cell: a page of fifty rows would otherwise carry the same classes hundreds of times, in its
 * HTML and again in its React payload. `className` adds to it.
 */
export function Th(props: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...props} />;
}

/** A cell; `label` is its column's name, shown beside the value when the row is stacked on a phone. */
export function Td({ label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <td data-label={label} {...props} />;
}

/** Money and counts line up on the right, with digits of equal width (table.css). */
export const numeric = 'num';
