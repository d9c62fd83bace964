'use client';

import { useActionState, type ReactNode } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { FormState } from '@/lib/portal/forms';

export type InlineActionState = FormState & { ok?: boolean; link?: { label: string; url: string } };

/**
 * One button that changes one thing (revoke a key, disable a user), answering in place. `fields`
 * travel as hidden inputs; the action re-checks the session and the role itself.
 */
export function InlineAction({
  action,
  fields,
  label,
  pendingLabel,
  variant = 'secondary',
}: {
  action: (previous: InlineActionState, formData: FormData) => Promise<InlineActionState>;
  fields: Record<string, string>;
  /** The button's words; may hold a screen-reader-only part (the person's email) that would widen it on a phone. */
  label: ReactNode;
  pendingLabel: string;
  variant?: 'primary' | 'secondary' | 'quiet' | 'danger';
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-2">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} pendingLabel={pendingLabel}>
        {label}
      </SubmitButton>
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      {state.link && (
        <div className="max-w-md">
          <label className="block text-xs font-medium text-slate-700" htmlFor={`link-${Object.values(fields).join('-')}`}>
            {state.link.label}
          </label>
          <input id={`link-${Object.values(fields).join('-')}`} readOnly value={state.link.url} className="mt-1 w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs" />
        </div>
      )}
    </form>
  );
}
