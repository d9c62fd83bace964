import { CopyButton } from './copy-button';

/** A number people must type exactly (an account number): monospace, with a Copy button once JavaScript runs. */
export function CopyableCode({ value, what }: { value: string; what: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm tracking-wide text-slate-900">{value}</code>
      <CopyButton text={value} what={what} />
    </span>
  );
}
