'use client';

import Link from '@/components/ui/link';
import { usePathname } from 'next/navigation';

export interface DocsNavItem {
  href: string;
  label: string;
  /** Operations under the tag; null for a page that is not a tag. */
  count: number | null;
}

/** A group of /docs pages (guides, or the reference's tags): chips that wrap on a phone, a list beside the text from `md` up. */
export function DocsNav({ label, heading, items }: { label: string; heading: string; items: DocsNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} data-print="hide" className="mb-4">
      <p className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{heading}</p>
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
