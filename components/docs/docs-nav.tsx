'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface DocsNavItem {
  href: string;
  label: string;
  /** Operations under the tag; null for a page that is not a tag. */
  count: number | null;
}

/** Every page of the reference: chips that wrap on a phone, a list beside the text from `md` up. */
export function DocsNav({ items }: { items: DocsNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="API reference sections" data-print="hide">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {items.map(({ href, label, count }) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`flex items-baseline justify-between gap-2 rounded-md px-3 py-1.5 text-sm ${
                  current ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {label}
                {count !== null && <span className="text-xs text-slate-600">{count}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
