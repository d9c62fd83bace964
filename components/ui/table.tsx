import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/**
 * A data table that scrolls sideways on a narrow screen instead of squeezing its columns.
 * The caption names the table for screen readers; pass `captionVisible` to show it too.
 */
export function Table({ caption, captionVisible = false, children }: { caption: string; captionVisible?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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

export function Td({ className = '', ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-3 align-top text-slate-800 ${className}`} {...props} />;
}

/** Money and counts line up on the right, with digits of equal width. */
export const numeric = 'text-right tabular-nums whitespace-nowrap';
