import { ApiError, notFound } from '@/lib/api/errors';

/** A one-time link that exists but cannot be used any more: 410 Gone, with why. */
export function linkGone(state: 'used' | 'expired' | 'revoked'): ApiError {
  const detail = {
    used: 'This link has already been used; each link works once.',
    expired: 'This link has expired; ask an administrator for a new one.',
    revoked: 'This link has been withdrawn; ask an administrator for a new one.',
  }[state];
  return new ApiError(410, `link_${state}`, 'Link no longer valid', detail);
}

export const unknownLink = () => notFound('The link');
