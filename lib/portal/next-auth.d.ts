import type { DefaultSession } from 'next-auth';
import type { PortalUser } from './token';

// What the session callback (and so /api/auth/session) returns: display data, never tokens.
declare module 'next-auth' {
  interface Session {
    user?: Pick<PortalUser, 'name' | 'email' | 'role' | 'merchantName' | 'subMerchantId'> & DefaultSession['user'];
    error?: 'RefreshAccessTokenError';
  }
}
