import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { InlineAction, type InlineActionState } from './inline-action';

/**
 * An action that cannot be taken back (disable a person, withdraw an invitation, revoke a key)
 * asks first, with or without JavaScript: the button opens a <details> holding the question and the
 * real button, so it takes a second, deliberate click. The visible words stay short so that a row
 * fits a 360 px screen; `what` (an email, a key's name) is read out to screen readers only.
 */
export function ConfirmAction({
  action,
  fields,
  verb,
  what,
  question,
  pendingLabel,
}: {
  action: (previous: InlineActionState, formData: FormData) => Promise<InlineActionState>;
  fields: Record<string, string>;
  /** "Disable", "Withdraw invitation", "Revoke". */
  verb: string;
  what: string;
  question: ReactNode;
  pendingLabel: string;
}) {
  return (
    <details className="group max-w-xs" data-print="hide">
      <summary className={buttonClassName('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        {verb}
        <span className="sr-only"> {what}</span>
      </summary>
      <div className="mt-2 space-y-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-slate-800 break-words">
        <p>{question}</p>
        <InlineAction
          action={action}
          fields={fields}
          variant="danger"
          pendingLabel={pendingLabel}
          label={
            <>
              Yes, {verb.toLowerCase()}
              <span className="sr-only"> {what}</span>
            </>
          }
        />
      </div>
    </details>
  );
}
