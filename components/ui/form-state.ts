import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { logger } from '@/lib/platform/logger';
import { isServiceError } from '@/lib/portal/errors';
import type { FormState } from '@/lib/portal/forms';

/**
 * The state of a form that creates something: the house contract, plus a fresh idempotency key
 * once the old one is spent (the service keeps the answer of a 404 or 409 under its key, so a
 * corrected form must go with a new one), plus the address of a record that already exists.
 */
export type CreateFormState<Field extends string> = FormState<Field> & {
  idempotencyKey?: string;
  existingHref?: string;
};

/** The named fields as typed, to show them again when the form is answered. */
export function typedValues<Field extends string>(formData: FormData, fields: readonly Field[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value.slice(0, 500);
  }
  return values;
}

/** The same, trimmed: what the request is built from. */
export function trimmed<Field extends string>(fields: readonly Field[], values: Partial<Record<Field, string>>): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, (values[field] ?? '').trim()])) as Record<Field, string>;
}

type Checked = { success: true } | { success: false; error: z.ZodError };

/**
 * Every mistake in one answer: per field, the messages of the first check that found any. The
 * form's own checks (presence, in the portal's words) go first; the service's request schema,
 * run on the request the form would send, finds the rest (formats, ranges), with the same rules
 * and words the service would answer with.
 */
export function firstErrors<Field extends string>(fields: readonly Field[], ...checks: Checked[]): Partial<Record<Field, string[]>> | undefined {
  const errors: Partial<Record<Field, string[]>> = {};
  for (const check of checks) {
    if (check.success) continue;
    const found = z.flattenError(check.error).fieldErrors as Record<string, string[] | undefined>;
    for (const field of fields) if (!errors[field] && found[field]?.length) errors[field] = found[field];
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The service's 422 field paths ("phone", "body.phone") onto this form's fields; null when none match. */
function fieldErrorsOf<Field extends string>(byPath: Record<string, string[]>, fields: readonly Field[]) {
  const errors: Partial<Record<Field, string[]>> = {};
  let matched = false;
  for (const [path, messages] of Object.entries(byPath)) {
    const field = fields.find((candidate) => candidate === path || candidate === path.split('.').at(-1));
    if (!field) continue;
    errors[field] = [...(errors[field] ?? []), ...messages];
    matched = true;
  }
  return matched ? errors : null;
}

/**
 * How the form answers a refusal every create shares (invalid fields, a spent or busy
 * idempotency key, no right to write, an outage); null for one the caller must word itself
 * (404, 409). Redirects thrown by the client (a session the service ended) pass through.
 */
export function refusalState<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  values: Partial<Record<Field, string>>,
): CreateFormState<Field> | null {
  unstable_rethrow(error);
  if (!isServiceError(error) || error.status >= 500) {
    logger().error({ err: error }, 'portal form could not reach the service');
    return { message: 'We could not save this just now. Please try again in a moment.', values };
  }
  if (error.code === 'idempotency_key_reused') {
    return { message: 'The form changed after it was first sent. Check the details and send it again.', values, idempotencyKey: crypto.randomUUID() };
  }
  if (error.code === 'idempotency_in_progress') {
    return { message: 'This form is still being sent. Wait a moment and look for the new record before sending it again.', values };
  }
  if (error.status === 403) return { message: 'You have read-only access, so you cannot make this change.', values };
  if (error.status === 422) {
    const errors = fieldErrorsOf(error.fieldErrors(), fields);
    return errors ? { errors, message: 'Check the highlighted fields.', values } : { message: error.detail ?? error.title, values };
  }
  return null;
}
