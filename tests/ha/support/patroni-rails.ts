import { bankSignature } from '@/lib/rails/bank-signature';
import { bankBody, c2bBody } from '../../rails/support';

export type Rail = 'MPESA' | 'BANK';

export interface Attempt {
  sentAt: number;
  answeredAt: number;
  /** 0: no HTTP answer at all (the connection failed or timed out). */
  status: number;
  retryAfter: string | null;
  acknowledged: boolean;
}

export interface Delivery {
  rail: Rail;
  reference: string;
  attempts: Attempt[];
  acknowledged: boolean;
}

export interface RailLoad {
  deliveries: Delivery[];
  /** Every attempt of every delivery, in the order answered. */
  attempts(): (Attempt & { rail: Rail })[];
  /** Ends the load: each sender finishes the notification it holds (until acknowledged), then stops. */
  stop(): Promise<void>;
}

const RESEND_AFTER_MS = 200;
const ANSWER_TIMEOUT_MS = 15_000;

/**
 * M-Pesa C2B confirmations and bank credit notifications from `senders` concurrent senders, each
 * notification sent again until it is acknowledged, as Safaricom and a bank resend an unanswered
 * or refused one: so that "answered 2xx" is what the rail counts as delivered, and everything sent
 * is delivered in the end. Daraja's acknowledgement is 200 with ResultCode "0"; the bank's any 2xx.
 */
export function startRailLoad(options: { baseUrl: string; mpesaToken: string; bankSecret: string; accountNumber: string; senders: number; giveUpAfterMs?: number }): RailLoad {
  const deliveries: Delivery[] = [];
  const answered: (Attempt & { rail: Rail })[] = [];
  let loading = true;
  let giveUpAt = Number.POSITIVE_INFINITY;

  async function attempt(rail: Rail, body: Record<string, unknown>): Promise<Attempt> {
    const raw = JSON.stringify(body);
    const sentAt = Date.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    let url = `${options.baseUrl}/rails/daraja/c2b/confirmation?token=${encodeURIComponent(options.mpesaToken)}`;
    if (rail === 'BANK') {
      const t = String(Math.floor(sentAt / 1000));
      headers['x-bank-signature'] = `t=${t},v1=${bankSignature(options.bankSecret, t, raw)}`;
      url = `${options.baseUrl}/rails/bank/credit-notifications`;
    }
    try {
      const response = await fetch(url, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      const text = await response.text();
      const ok = response.status >= 200 && response.status < 300;
      const acknowledged = ok && (rail === 'BANK' || (JSON.parse(text) as { ResultCode?: unknown }).ResultCode === '0');
      return { sentAt, answeredAt: Date.now(), status: response.status, retryAfter: response.headers.get('retry-after'), acknowledged };
    } catch {
      return { sentAt, answeredAt: Date.now(), status: 0, retryAfter: null, acknowledged: false };
    }
  }

  async function deliver(rail: Rail): Promise<void> {
    const bank = bankBody(options.accountNumber, '100.00');
    const mpesa = c2bBody(options.accountNumber, '50.00');
    const body = rail === 'BANK' ? bank : mpesa;
    const reference = rail === 'BANK' ? bank.bankReference : mpesa.TransID;
    const delivery: Delivery = { rail, reference, attempts: [], acknowledged: false };
    deliveries.push(delivery);
    while (Date.now() < giveUpAt) {
      const result = await attempt(rail, body);
      delivery.attempts.push(result);
      answered.push({ ...result, rail });
      if (result.acknowledged) {
        delivery.acknowledged = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
    }
  }

  const senders = Array.from({ length: options.senders }, async (_, index) => {
    const rail: Rail = index % 2 === 0 ? 'MPESA' : 'BANK';
    while (loading) await deliver(rail);
  });

  return {
    deliveries,
    attempts: () => answered,
    async stop() {
      loading = false;
      giveUpAt = Date.now() + (options.giveUpAfterMs ?? 60_000);
      await Promise.all(senders);
    },
  };
}
