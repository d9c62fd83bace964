/** The roles a caller can hold; what each may do is in docs/roles.md. */
export const userRoles = ['MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Who is calling: the user (or API key) behind a live session. Every handler scopes its queries
 * with it. The API's conventions (scoping, the request context) need only this shape; lib/auth
 * fills it in.
 */
export interface Principal {
  /** The user's id; for an API key, the key's id (see apiKey). */
  userId: string;
  sessionId: string;
  merchantId: string;
  subMerchantId: string | null;
  role: UserRole;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  /** Set when the caller is an integration signed in with an API key rather than a person. */
  apiKey?: { id: string; name: string } | null;
  /** The merchant requires two factors and this user has not enrolled yet: only enrolment is open. */
  mustEnrolMfa?: boolean;
}
