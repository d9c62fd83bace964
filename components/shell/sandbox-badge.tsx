/**
 * Said in the header of every portal page while payments are simulated (SANDBOX), so that nobody
 * takes a sandbox figure for money received, or a live portal for a place to try things.
 */
export function SandboxBadge() {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
      <span>Sandbox</span>
      <span className="sr-only sm:not-sr-only sm:font-normal">: payments are simulated, no real money moves</span>
    </p>
  );
}
