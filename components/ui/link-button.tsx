import Link from '@/components/ui/link';
import type { ComponentProps } from 'react';
import { buttonClassName, type Variant } from './button';

/** A link that looks like a button: for actions that open a page (a form, a print view) rather than change anything. */
export function LinkButton({ variant = 'primary', className = '', ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={buttonClassName(variant, className)} {...props} />;
}
