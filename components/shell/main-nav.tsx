'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { sections } from './sections';

function isActive(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * A horizontal strip that scrolls sideways on small screens and a sidebar from `md` up:
 * it works without JavaScript, and every item stays reachable with Tab.
 */
export function MainNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" data-print="hide" className="border-b border-slate-200 bg-white md:w-56 md:shrink-0 md:border-r md:border-b-0">
      <ul className="flex gap-1 overflow-x-auto px-2 py-2 md:flex-col md:overflow-visible md:px-3 md:py-4">
        {sections.map(({ href, label }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
