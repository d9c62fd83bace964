/** The roles a caller can hold; what each may do is in docs/roles.md. */
export const userRoles = ['MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT'] as const;
export type UserRole = (typeof userRoles)[number];

/** The provider's own staff (docs/operator.md): users with no merchant, who reach only /operator/*. */
export const platformRoles = ['PLATFORM_ADMIN', 'PLATFORM_SUPPORT'] as const;
export type PlatformRole = (typeof platformRoles)[number];
export const isPlatformRole = (role: string): role is PlatformRole => (platformRoles as readonly string[]).includes(role);

/** Every role a user row may hold: a merchant's, or the provider's. */
export const anyUserRoles = [...userRoles, ...platformRoles] as const;
export type AnyUserRole = (typeof anyUserRoles)[number];

/**
 * An operator behind a live session. Kept apart from Principal, which always has a merchant: an
 * operator's token reaches merchant data only through /operator/* (lib/operator/guard.ts).
 */
export interface OperatorPrincipal {
  userId: string;
  sessionId: string;
  role: PlatformRole;
  email: string;
  firstName: string;
  lastName: string;
}

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
