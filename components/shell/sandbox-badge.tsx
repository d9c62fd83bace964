/**
 * Said in the header of every portal page while payments are simulated (SANDBOX), so that nobody
 * takes a sandbox figure for money received, or a live portal for a place to try things. One
 * phrase in one weight, "Sandbox: payments are simulated, no real money moves", with no gap before
 * its colon; on a phone only "Sandbox" shows and the rest is still read out.
 */
export function SandboxBadge() {
  return (
    <p className="inline-block rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-950">
      Sandbox<span className="sr-only sm:not-sr-only">: payments are simulated, no real money moves</span>
    </p>
  );
}
