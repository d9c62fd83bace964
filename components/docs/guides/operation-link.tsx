import type { ApiReference } from '@/lib/portal/api-reference/reference';
import { operationHref } from '@/lib/portal/api-reference/reference';
import { A } from './parts';

/** `POST /merchants/me/customers`, linking to its entry in the reference (plain text if the API has no such operation). */
export function OperationLink({ reference, method, path }: { reference: ApiReference; method: string; path: string }) {
  const href = operationHref(reference, method, path);
  const text = (
    <code className="font-mono text-[0.9em]">
      {method} {path}
    </code>
  );
  return href ? <A href={href}>{text}</A> : text;
}
