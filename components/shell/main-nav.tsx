'use client';

import Link from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { useRef, useState, type KeyboardEvent } from 'react';
import { sections } from './sections';
import './main-nav.css';

function isActive(pathname: string, href: string, home: string): boolean {
  return href === home ? pathname === home : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Every section of `sections.ts` (administrators' ones for administrators), so a section added there is reachable everywhere; or `items` (the operator console's own, components/operator/sections.ts). From `md` up a
 * sidebar; on a phone a disclosure: a Menu button (aria-expanded) that opens the list, Escape
 * closes it and gives focus back to the button, and following a link closes it. Without
 * JavaScript the list is simply shown (main-nav.css).
 */
export function MainNav({ isAdmin = false, items, home = '/' }: { isAdmin?: boolean; items?: readonly { href: string; label: string }[]; home?: string }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Open only on the page where it was opened: a navigation closes it without an effect.
  const expanded = openOn === pathname;

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !expanded) return;
    setOpenOn(null);
    button.current?.focus();
  };

  return (
    <nav
      aria-label="Main"
      data-print="hide"
      onKeyDown={closeOnEscape}
      className="border-b border-slate-200 bg-white md:w-56 md:shrink-0 md:border-r md:border-b-0"
    >
      <button
        ref={button}
        type="button"
        aria-expanded={expanded}
        aria-controls="main-menu"
        onClick={() => setOpenOn(expanded ? null : pathname)}
        className="main-menu-toggle mx-2 my-1 inline-flex min-h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {expanded ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
        </svg>
        Menu
      </button>
      <ul
        id="main-menu"
        className={`main-menu-list flex-col gap-1 px-2 pb-2 md:flex md:px-3 md:py-4 ${expanded ? 'flex' : 'hidden'}`}
      >
        {(items ?? sections.filter((section) => isAdmin || !section.adminOnly)).map(({ href, label }) => {
          const active = isActive(pathname, href, home);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                onClick={() => setOpenOn(null)}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
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
