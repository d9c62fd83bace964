import { randomInt } from 'node:crypto';
import type { DarajaRoute } from './daraja-server';

/**
 * Daraja's C2B Register URL API for the local Daraja server (daraja-server.ts), as Safaricom's
 * "Customer To Business Register URL" page documents it: POST /mpesa/c2b/v1/registerurl (or
 * /v2/registerurl) with {ShortCode, ResponseType "Completed" | "Cancelled" (sentence case, well
 * spelled), ConfirmationURL, ValidationURL} → {OriginatorCoversationID (sic), ResponseCode "0",
 * ResponseDescription "Success"}. URLs must not contain M-Pesa, Safaricom, exe, exec, cmd, SQL or
 * query in any case. The sandbox lets a shortcode register again (overwriting); production
 * registers once, then answers 500.003.1001 "Urls are already registered.".
 */
export const C2B_REGISTER_PATHS = ['/mpesa/c2b/v1/registerurl', '/mpesa/c2b/v2/registerurl'] as const;
const FORBIDDEN_IN_URL = /m-?pesa|safaricom|exe|cmd|sql|query/i;

export interface C2bRegistration {
  version: 'v1' | 'v2';
  shortCode: string;
  responseType: string;
  confirmationUrl: string;
  validationUrl: string;
}

export function addC2bRoutes(routes: Map<string, DarajaRoute>) {
  const registered = new Map<string, C2bRegistration>();
  const settings = { production: false };

  const urlProblem = (value: unknown) => {
    if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value)) return 'is not a URL';
    if (settings.production && !value.startsWith('https://')) return 'must be https in production';
    if (FORBIDDEN_IN_URL.test(new URL(value).pathname)) return 'contains a keyword Safaricom refuses';
    return undefined;
  };

  for (const path of C2B_REGISTER_PATHS) {
    const version = path.includes('/v2/') ? 'v2' : 'v1';
    routes.set(path, ({ body, send, fault }) => {
      if (!/^\d{5,7}$/.test(String(body.ShortCode ?? ''))) return fault(400, '400.002.02', 'Bad Request - Invalid ShortCode');
      if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled') return fault(400, '400.002.02', 'Bad Request - Invalid ResponseType');
      for (const field of ['ConfirmationURL', 'ValidationURL']) {
        const problem = urlProblem(body[field]);
        if (problem) return fault(400, '400.002.02', `Bad Request - Invalid ${field}: ${problem}`);
      }
      const shortCode = String(body.ShortCode);
      if (settings.production && registered.has(shortCode)) return fault(500, '500.003.1001', 'Urls are already registered.');
      registered.set(shortCode, { version, shortCode, responseType: String(body.ResponseType), confirmationUrl: String(body.ConfirmationURL), validationUrl: String(body.ValidationURL) });
      send(200, { OriginatorCoversationID: `${randomInt(1e4)}-${randomInt(1e8)}-1`, ResponseCode: '0', ResponseDescription: 'Success' });
    });
  }

  return {
    /** Each shortcode's registered URLs, as Daraja keeps them. */
    registered,
    /** true: behave as production (register once, https only). */
    set production(value: boolean) {
      settings.production = value;
    },
  };
}
