import type { ReactNode } from 'react';

/**
 * The form's one-sentence answer, in a live region that exists before there is anything to say,
 * so assistive technology announces the message when it appears. `children` follow the
 * sentence, for a way forward such as a link to the record that already exists.
 */
export function FormMessage({
  message,
  tone = 'error',
  children,
}: {
  message?: string;
  tone?: 'error' | 'success';
  children?: ReactNode;
}) {
  const colours = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-green-200 bg-green-50 text-green-800';
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <p className={`rounded-md border px-3 py-2 text-sm ${colours}`}>
          {message}
          {children && <> {children}</>}
        </p>
      )}
    </div>
  );
}
