import { notFound } from 'next/navigation';
// The API's messages in words, so a form's field errors read as the API's 422 does.
import '@/lib/api/validation-messages';

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

/**
 * Every form action's first line. Its arguments come from the request body, and a request that
 * is not the form's own (`[]`, a number, a string: anyone can post to an action's id) would fail
 * on `formData.get` with a 500. Such a call answers 404, as Next answers an action it does not know.
 */
export function assertSubmittedForm(formData: unknown): asserts formData is FormData {
  if (!(formData instanceof FormData)) notFound();
}
