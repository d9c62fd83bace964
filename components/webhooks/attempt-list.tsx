import { DateTime } from '@/components/ui/date-time';
import type { WebhookAttempt } from './types';

/** A delivery's attempts, oldest first, folded away until asked for (no JavaScript needed). */
export function AttemptList({ attempts, count }: { attempts: WebhookAttempt[]; count: number }) {
  const label = `${count} ${count === 1 ? 'attempt' : 'attempts'}`;
  if (attempts.length === 0) return <span className="tabular-nums">{label}</span>;
  return (
    <details>
      <summary className="cursor-pointer tabular-nums text-brand-800 underline-offset-2 hover:underline">{label}</summary>
      <ol className="mt-2 space-y-2">
        {attempts.map((attempt, index) => (
          <li key={`${attempt.attemptedAt}-${index}`} className="rounded border border-slate-200 bg-slate-50 px-2 py-1 text-xs">
            <p>
              <span className="font-medium">Attempt {index + 1}</span> · <DateTime value={attempt.attemptedAt} />
            </p>
            <p>
              {attempt.responseStatus === null ? 'No answer' : `Answered ${attempt.responseStatus}`} in{' '}
              <span className="tabular-nums">{attempt.durationMs} ms</span>
            </p>
            {attempt.error && <p className="text-red-800">{attempt.error}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}
