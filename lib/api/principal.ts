/** The roles a caller can hold; what each may do is in docs/roles.md. */
export const userRoles = ['PLAIN_MERCHANT', 'SUPPORT'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Who is calling: the user behind a live session. Every handler scopes its queries with it. The
 * API's conventions (scoping, the request context) need only this shape; lib/auth fills it in.
 */
export interface Principal {
  userId: string;
  sessionId: string;
  merchantId: string;
  subMerchantId: string | null;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
}
