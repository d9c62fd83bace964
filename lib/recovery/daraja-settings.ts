import { config, sandboxEnabled } from '@/lib/platform/config';
import type { DarajaSettings } from '@/lib/stk/daraja-client';
import { RecoveryError } from './errors';

/**
 * Where recovery asks: the sandbox's own simulated M-Pesa, or Daraja when its consumer key and
 * secret are set. Pull Transactions needs only those (and the paybill); Transaction Status also
 * needs the initiator's name and security credential.
 */
export function recoverySource(): 'SANDBOX' | 'DARAJA' | undefined {
  const settings = config();
  if (sandboxEnabled(settings)) return 'SANDBOX';
  return settings.DARAJA_CONSUMER_KEY && settings.DARAJA_CONSUMER_SECRET ? 'DARAJA' : undefined;
}

/** The Daraja client's settings for the paybill (PAYBILL_NUMBER is the shortcode payers pay into). */
export function pullSettings(): DarajaSettings {
  const settings = config();
  const { DARAJA_CONSUMER_KEY: consumerKey, DARAJA_CONSUMER_SECRET: consumerSecret } = settings;
  if (!consumerKey || !consumerSecret) {
    throw new RecoveryError('not_configured', 'Recovery needs DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET (or the sandbox).');
  }
  // The passkey is STK's alone: Pull Transactions and Transaction Status do not sign with it.
  return { baseUrl: settings.DARAJA_BASE_URL.replace(/\/+$/, ''), consumerKey, consumerSecret, shortcode: settings.PAYBILL_NUMBER, passkey: '' };
}

/** Whether Transaction Status can be asked: an initiator, and a public address for Daraja to post the result to. */
export const statusConfigured = () => Boolean(config().DARAJA_INITIATOR_NAME && config().DARAJA_SECURITY_CREDENTIAL && config().PUBLIC_URL);

export function initiator(): { name: string; credential: string } {
  const { DARAJA_INITIATOR_NAME: name, DARAJA_SECURITY_CREDENTIAL: credential, PUBLIC_URL } = config();
  if (!name || !credential || !PUBLIC_URL) {
    throw new RecoveryError('not_configured', 'Transaction Status needs DARAJA_INITIATOR_NAME, DARAJA_SECURITY_CREDENTIAL and PUBLIC_URL (where Daraja posts the result).');
  }
  return { name, credential };
}

/** Our public origin, where Daraja posts results (as for STK callbacks). */
export function publicOrigin(): string {
  const settings = config();
  return (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, '');
}
