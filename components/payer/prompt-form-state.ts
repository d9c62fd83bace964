/** What the payer's prompt form shows after an answer: a sentence, field errors, and what was typed. */
export interface PromptFormState {
  message?: string;
  errors?: { phone?: string[]; amount?: string[] };
  values?: { phone?: string; amount?: string };
}
