import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, notFound, unprocessable, type FieldError } from './errors';
// Installs the messages in words (zod's global error customization) for every schema the API validates.
import './validation-messages';

type HookResult = { success: true } | { success: false; error: z.ZodError; target: string };

export function fieldErrorsOf(error: z.ZodError, target?: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [target === 'json' ? undefined : target, ...issue.path].filter((part) => part !== undefined).join('.'),
    message: issue.message,
  }));
}

/**
 * Turns a failed request validation into the API's answer: an id that cannot exist is simply
 * not found (as an unknown id is); anything else is a 422 listing every field at fault.
 */
export function validationHook(result: HookResult, _c: Context): void {
  if (result.success) return;
  if (result.target === 'param') throw notFound('The requested resource');
  throw unprocessable('Some fields are missing or not valid.', fieldErrorsOf(result.error, result.target));
}

export { ApiError };
