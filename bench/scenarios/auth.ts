import { load, table, type Figures } from '../load';
import type { Target } from './target';

/** Issue 2's target: /auth/me at half or more of a bare Hono handler doing one primary-key SELECT. */
export async function authScenario(target: Target): Promise<string> {
  const bare = await load('bare Hono, one primary-key SELECT', `http://127.0.0.1:${target.barePort}/merchant/${target.merchantId}`);
  const me = await load('GET /api/v1/auth/me (valid token)', `http://127.0.0.1:${target.apiPort}/api/v1/auth/me`, {
    authorization: `Bearer ${target.accessToken}`,
  });
  return `${table('Authentication', [bare, me])}\n\nratio /auth/me ÷ bare: ${ratio(me, bare)} (target ≥ 0.50)`;
}

export const ratio = (measured: Figures, baseline: Figures) => (measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
