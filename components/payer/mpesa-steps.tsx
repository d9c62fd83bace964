import type { MobileMoneyOptionData } from './types';

const STEP = /^(\d+)\.\s+(.*)$/;

/**
 * The service's M-Pesa copy is one instruction per line, the steps numbered "1. …". Its wording
 * (with the amount and account number filled in) is used as is; only the numbering becomes a list.
 */
export function splitSteps(copy: string): { steps: string[]; notes: string[] } {
  const steps: string[] = [];
  const notes: string[] = [];
  for (const line of copy.split('\n').map((text) => text.trim())) {
    const step = line.match(STEP);
    if (step) steps.push(step[2]!);
    else if (line && steps.length > 0) notes.push(line);
  }
  return { steps, notes };
}

export function MpesaSteps({ option, copy }: { option: MobileMoneyOptionData; copy: string }) {
  const { steps, notes } = splitSteps(copy);
  return (
    <section aria-labelledby="pay-mpesa" className="mt-6 print:mt-3">
      <h2 id="pay-mpesa" className="text-lg font-semibold text-slate-900 print:text-[11pt]">
        Pay with M-Pesa
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-slate-600">Business (Pay Bill) number</dt>
          <dd className="font-mono text-xl font-semibold tracking-wide text-slate-900 print:text-[14pt]">{option.paybillNumber}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-mono text-xl font-semibold tracking-wide text-slate-900 print:text-[14pt]">{option.accountNumber}</dd>
        </div>
      </dl>
      <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-800 print:mt-2 print:space-y-0">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {notes.map((note) => (
        <p key={note} className="mt-2 text-sm text-slate-600 print:mt-1">
          {note}
        </p>
      ))}
    </section>
  );
}
