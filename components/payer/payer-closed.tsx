/** A link whose bill is paid, cancelled or expired, or whose account is closed: why, in the service's words. */
export function PayerClosed({ reason }: { reason: string }) {
  // The service's answer names no target type; its sentence does, and the heading follows it.
  const heading = /\bbill\b/i.test(reason) ? 'This bill can no longer be paid' : 'These payment details can no longer be used';
  return (
    <>
      <p className="text-sm font-medium text-brand-800">Payment instructions</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{heading}</h1>
      <p className="mt-3 text-slate-700">{reason}</p>
      <p className="mt-3 text-slate-700">Please do not send money using any earlier instructions for it.</p>
    </>
  );
}
