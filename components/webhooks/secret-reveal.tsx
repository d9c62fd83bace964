import type { ReactNode } from 'react';
import { CopyField } from '@/components/ui/copy-field';

/**
 * A signing secret, shown the one time the service hands it out. It lives only in the answer of
 * the action that made it: leaving or reloading the page loses it for good, as the warning says.
 */
export function SecretReveal({ secret, title, children }: { secret: string; title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="secret-reveal-title" className="max-w-2xl space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="secret-reveal-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p role="alert" className="text-sm font-medium text-amber-900">
        Copy this signing secret now and keep it somewhere safe: it will not be shown again.
      </p>
      <CopyField label="Signing secret" id="signing-secret" value={secret} copyLabel="Copy secret" hint="Your receiver verifies each webhook's signature with it." />
      {children && <div className="text-sm text-slate-800">{children}</div>}
    </section>
  );
}
