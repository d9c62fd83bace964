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
      {/* Cell styles are set once on the table (descendant variants), not on each of hundreds of cells: the page stays light. */}
      <table className="w-full border-collapse text-left text-sm [&_td]:py-2 [&_td]:pr-4 [&_td]:text-slate-700 [&_tbody_th]:py-2 [&_tbody_th]:pr-4 [&_tbody_th]:font-mono [&_tbody_th]:text-[0.85rem] [&_tbody_th]:font-normal [&_tbody_th]:whitespace-nowrap [&_tbody_th]:text-slate-900 [&_tbody_tr]:border-b [&_tbody_tr]:border-slate-100 [&_tbody_tr]:align-top">
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
            <tr key={`${row.location ?? ''}:${row.name}`}>
              <th scope="row">{row.name}</th>
              {withLocation && <td>{row.location}</td>}
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? 'Yes' : 'No'}</td>
              <td>
                <Prose text={row.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
