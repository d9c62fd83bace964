import { cpuPerAnswered, type CpuMeasured } from '../cpu';
import { load, table, type Figures } from '../load';
import type { Target } from './target';

/** Rounds of bare → /auth/me, alternated so both sides see the same spell of a noisy machine. */
const AUTH_ROUNDS = Number(process.env.BENCH_AUTH_ROUNDS ?? 3);

/**
 * Issue 2's target, raised by issue 24: /auth/me at 0.75 or more of a bare Hono handler doing one
 * primary-key SELECT. The ratio is given by round and as the median of the rounds, with the CPU
 * each request cost the server and PostgreSQL (steadier than requests/s when the machine is shared).
 */
export async function authScenario(target: Target): Promise<string> {
  const rounds: { bare: CpuMeasured; me: CpuMeasured }[] = [];
  for (let round = 1; round <= AUTH_ROUNDS; round++) {
    const bare = await cpuPerAnswered(target.pid, () => load(`bare Hono, one primary-key SELECT (round ${round})`, `http://127.0.0.1:${target.barePort}/merchant/${target.merchantId}`));
    const me = await cpuPerAnswered(target.pid, () =>
      load(`GET /api/v1/auth/me, valid token (round ${round})`, `http://127.0.0.1:${target.apiPort}/api/v1/auth/me`, {
        authorization: `Bearer ${target.accessToken}`,
      }),
    );
    rounds.push({ bare, me });
  }
  const byRound = rounds.map(({ bare, me }) => me.figures.requestsPerSecond / bare.figures.requestsPerSecond);
  const cpu = (side: 'bare' | 'me') =>
    rounds.map((round) => `${round[side].serverMicros} + ${round[side].postgresMicros}`).join(', ');
  return [
    table('Authentication', rounds.flatMap(({ bare, me }) => [bare.figures, me.figures])),
    `\nCPU per request, µs (server + PostgreSQL) by round: bare ${cpu('bare')}; /auth/me ${cpu('me')}`,
    `ratio /auth/me ÷ bare by round: ${byRound.map((value) => value.toFixed(2)).join(', ')}; median ${median(byRound).toFixed(2)} (target ≥ 0.75)`,
  ].join('\n');
}

export const ratio = (measured: Figures, baseline: Figures) => (measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
