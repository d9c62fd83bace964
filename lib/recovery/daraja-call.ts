import { darajaPost, type DarajaAnswer, type DarajaSettings } from '@/lib/stk/daraja-client';
import { StkProviderError } from '@/lib/stk/provider';
import { RecoveryError } from './errors';

/** A Daraja call that failed before any answer (token refused, timeout, connection): one sentence, no secret. */
export async function ask(settings: DarajaSettings, path: string, payload: object): Promise<DarajaAnswer> {
  try {
    return await darajaPost(settings, path, payload);
  } catch (error) {
    if (error instanceof StkProviderError) throw new RecoveryError('daraja_token_refused', `${error.message} (${error.code})`);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new RecoveryError('daraja_unreachable', timedOut ? 'Daraja did not answer in time.' : 'Daraja could not be reached.');
  }
}

export const refusal = (what: string, answer: DarajaAnswer) => {
  const code = String(answer.body.errorCode ?? answer.body.ResponseCode ?? `http_${answer.status}`);
  const message = String(answer.body.errorMessage ?? answer.body.ResponseMessage ?? answer.body.ResponseDescription ?? 'no reason given');
  return new RecoveryError('daraja_refused', `Daraja refused ${what} (HTTP ${answer.status}, ${code}): ${message}`);
};
