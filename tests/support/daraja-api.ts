import { afterAll, beforeAll } from 'vitest';
import { config, setConfig } from '@/lib/platform/config';
import { useTestApi, type TestApi } from './api-server';
import { startDarajaServer, type DarajaServer } from './daraja-server';

/** What a test file adds to the API's environment, given the local Daraja server's credentials. */
type Environment = (daraja: DarajaServer) => Record<string, string>;

/** Reversals, Transaction Status, Pull and C2B registration: live mode, with Daraja's API initiator. */
export const asInitiator: Environment = (daraja) => ({
  SANDBOX: 'false',
  DARAJA_INITIATOR_NAME: daraja.credentials.initiator,
  DARAJA_SECURITY_CREDENTIAL: daraja.credentials.securityCredential,
});

/** Phone prompts sent through Daraja's STK push with the paybill's shortcode and passkey. */
export const asStkProvider: Environment = (daraja) => ({
  STK_PROVIDER: 'daraja',
  DARAJA_SHORTCODE: daraja.credentials.shortcode,
  DARAJA_PASSKEY: daraja.credentials.passkey,
});

/**
 * The real API over HTTP with Safaricom's side played by the local Daraja server (its OAuth keys
 * given), and PUBLIC_URL set to the API's own address once it listens: Daraja calls back there.
 */
export async function useDarajaApi(
  environment: Environment,
  options: { callbackDelayMs?: number; extra?: Record<string, string> } = {},
): Promise<{ daraja: DarajaServer; api: TestApi }> {
  const daraja = await startDarajaServer({ callbackDelayMs: options.callbackDelayMs });
  const api = useTestApi({
    DARAJA_BASE_URL: daraja.url,
    DARAJA_CONSUMER_KEY: daraja.credentials.consumerKey,
    DARAJA_CONSUMER_SECRET: daraja.credentials.consumerSecret,
    ...environment(daraja),
    ...options.extra,
    // Replaced below by the test API's own address, known once it listens.
    PUBLIC_URL: 'http://127.0.0.1:9',
  });
  beforeAll(() => setConfig({ ...config(), PUBLIC_URL: api.baseUrl }));
  afterAll(() => daraja.close());
  return { daraja, api };
}
