/**
 * What a server action answers a form with (the house form contract): field errors to tie to
 * their inputs, one sentence for the aria-live message region, and the values to show again.
 * Never a password or other secret in `values`.
 */
export interface FormState<Field extends string = string> {
  errors?: Partial<Record<Field, string[]>>;
  message?: string;
  values?: Partial<Record<Field, string>>;
}
