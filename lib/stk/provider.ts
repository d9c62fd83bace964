/** What a phone-prompt provider (Daraja, or the sandbox simulator) must do. */
export interface PromptRequest {
  /** 2547XXXXXXXX or 2541XXXXXXXX */
  phone: string;
  /** Whole shillings: Daraja takes integers. */
  amount: number;
  /** The virtual account number the payer pays into (Daraja: at most 12 characters). */
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface PromptIds {
  checkoutRequestId: string;
  merchantRequestId: string;
}

/** A final answer. A success carries the receipt when the provider tells it (callbacks do, Daraja's query does not). */
export interface PromptResult {
  resultCode: string;
  resultDesc: string;
  receipt?: string;
  amount?: string;
  phone?: string;
  paidAt?: Date;
  /** The callback as received: kept with the money when it is held in suspense. */
  rawBody?: string;
}

export interface StkProvider {
  initiate(request: PromptRequest): Promise<PromptIds>;
  /** `now`: the simulator answers by the clock; Daraja ignores it. */
  query(checkoutRequestId: string, now?: Date): Promise<PromptResult | 'pending'>;
}

/** The provider refused or failed; `refused` when the request itself was at fault (a 4xx). */
export class StkProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}
