import type { FieldRow } from '@/lib/portal/api-reference/schemas';
import { Prose } from './prose';

/**
 * Fields of a request or response, or an operation's parameters (with where each goes). Names and
 * types are whole tokens that never break inside (`accountNumber`, not "accountNumbe r"): on a
 * narrow screen the table scrolls sideways in its own box, which keyboard users can focus to scroll.
 */
export function FieldTable({ caption, rows }: { caption: string; rows: (FieldRow & { location?: string })[] }) {
  const withLocation = rows.some((row) => row.location);
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">Name</th>
            {withLocation && <th scope="col" className="py-2 pr-4 font-medium">In</th>}
            <th scope="col" className="py-2 pr-4 font-medium">Type</th>
            <th scope="col" className="py-2 pr-4 font-medium">Required</th>
            <th scope="col" className="py-2 font-medium">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.location ?? ''}:${row.name}`} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-mono text-[0.85rem] font-normal whitespace-nowrap text-slate-900">{row.name}</th>
              {withLocation && <td className="py-2 pr-4 text-slate-700">{row.location}</td>}
              <td className="py-2 pr-4 font-mono text-[0.85rem] text-slate-700">{row.type}</td>
              <td className="py-2 pr-4 text-slate-700">{row.required ? 'Yes' : 'No'}</td>
              <td className="py-2 text-slate-700">
                <Prose text={row.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
