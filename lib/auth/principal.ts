import { pool } from '@/lib/platform/db';
import type { Principal } from '@/lib/api/principal';

export type { Principal } from '@/lib/api/principal';

/**
 * One indexed query per request: the session must be live and its user active.
 * A named statement is parsed once per connection, which keeps this close to a bare primary-key read.
 */
const LIVE_SESSION_QUERY = {
  name: 'auth_live_session',
  text: `select u.id, u.merchant_id, u.sub_merchant_id, u.role, u.email, u.first_name, u.last_name, u.active
           from sessions s join users u on u.id = s.user_id
          where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now() and u.active`,
};

export async function loadLivePrincipal(sessionId: string, userId: string): Promise<Principal | undefined> {
  const { rows } = await pool().query({ ...LIVE_SESSION_QUERY, values: [sessionId, userId] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: row.id,
    sessionId,
    merchantId: row.merchant_id,
    subMerchantId: row.sub_merchant_id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    active: row.active,
  };
}

export const currentUserOf = (principal: Principal) => ({
  id: principal.userId,
  email: principal.email,
  firstName: principal.firstName,
  lastName: principal.lastName,
  role: principal.role,
  merchantId: principal.merchantId,
  subMerchantId: principal.subMerchantId,
  active: principal.active,
});
