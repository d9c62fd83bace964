'use client';

import { useActionState } from 'react';
import { confirmMfa, disableMfa, startMfa, type MfaState } from '@/app/(portal)/account/actions';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';

/** Off → scan the QR code → type a code → recovery codes, shown once. */
export function MfaEnrolment({ enabled }: { enabled: boolean }) {
  const [started, startAction] = useActionState<MfaState>(startMfa, {});
  const [confirmed, confirmAction] = useActionState<MfaState, FormData>(confirmMfa, {});
  const [disabled, disableAction] = useActionState<MfaState, FormData>(disableMfa, {});

  if (confirmed.step === 'done' && confirmed.recoveryCodes) {
    return (
      <section aria-labelledby="recovery-title" className="max-w-xl space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h3 id="recovery-title" className="font-semibold text-slate-900">Two-factor sign-in is on</h3>
        <p role="alert" className="text-sm font-medium text-amber-900">
          Save these recovery codes somewhere safe. Each works once if you lose your phone. They will not be shown again.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
          {confirmed.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </section>
    );
  }

  if (enabled && disabled.step !== 'off') {
    return (
      <form action={disableAction} noValidate className="max-w-md space-y-3">
        <p className="text-sm text-slate-700">Two-factor sign-in is on. To turn it off, type a current code (or a recovery code).</p>
        <Field label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" errors={disabled.errors?.code} />
        <FormMessage message={disabled.message} />
        <SubmitButton variant="secondary" pendingLabel="Turning off…">Turn off two factors</SubmitButton>
      </form>
    );
  }

  const enrolment = confirmed.enrolment ?? started.enrolment;
  if (!enrolment) {
    return (
      <form action={startAction} className="space-y-3">
        <p className="text-sm text-slate-700">Sign in with your password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
        <FormMessage message={started.message ?? disabled.message} tone={disabled.step === 'off' ? 'success' : 'error'} />
        <SubmitButton pendingLabel="Preparing…">Set up two-factor sign-in</SubmitButton>
      </form>
    );
  }
  return (
    <form action={confirmAction} noValidate className="max-w-md space-y-4">
      <p className="text-sm text-slate-700">Scan this code with your authenticator app, then type the 6-digit code it shows.</p>
      {/* The SVG comes from the service's QR encoder (lib/auth/mfa/enrolment.ts), not from user input. */}
      <div className="h-48 w-48 bg-white" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrCodeSvg }} />
      <p className="text-sm text-slate-700">
        Cannot scan? Enter this key: <code data-testid="totp-secret" className="font-mono break-all">{enrolment.secret}</code>
      </p>
      <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" errors={confirmed.errors?.code} />
      <FormMessage message={confirmed.message} />
      <SubmitButton pendingLabel="Checking…">Turn on two factors</SubmitButton>
    </form>
  );
}
