import 'server-only';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import type { ServiceError } from '@/lib/client';
import { isServiceError } from './errors';

/** What a page shows of a request the service refused. */
export interface ProblemView {
  status: number;
  title: string;
  detail?: string;
  errors: { field: string; message: string }[];
}

/** How many field errors a page lists; the service caps its own list too. */
const SHOWN_FIELD_ERRORS = 10;

/**
 * The service refused what this request asked (4xx), as a view a page can show; undefined for
 * anything else. 401 is never one: portalClient has already sent the user to sign in again.
 */
export function refusedRequest(error: unknown): ProblemView | undefined {
  if (!isServiceError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return undefined;
  return viewOf(error);
}

function viewOf(error: ServiceError): ProblemView {
  return {
    status: error.status,
    title: error.title,
    detail: error.detail,
    // `query.q` is the `q` of this page's own address: the field's name is what the user typed.
    errors: (error.errors ?? []).slice(0, SHOWN_FIELD_ERRORS).map(({ path, message }) => ({ field: path.replace(/^query\./, ''), message })),
  };
}

/** A record page's id from the address: the not-found page when it cannot be an id at all. */
export function recordId(text: string): string {
  if (!z.uuid().safeParse(text).success) notFound();
  return text;
}

/** A route handler's answer when the service refused the request: its sentence as plain text, with its status. */
export function refusalResponse(error: unknown): Response {
  const problem = refusedRequest(error);
  if (!problem) throw error;
  const lines = [problem.detail ?? problem.title, ...problem.errors.map(({ field, message }) => `${field}: ${message}`)];
  return new Response(`${lines.join('\n')}\n`, { status: problem.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}
