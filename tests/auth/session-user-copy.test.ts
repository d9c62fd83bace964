import { describe, expect, it } from 'vitest';
import { pool } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';
import { newMerchant, newSubMerchant, newUser, signIn } from '../support/fixtures';

/**
 * A user's session carries a copy of what the per-request check needs of the user (migration 0033),
 * so that check reads one row. These tests change users the way an operator's SQL would, under the
 * app's feet, and ask the API: every change must hold from the next request, as it did when the
 * check joined users.
 */
const api = useTestApi();

/** Signed in, and /auth/me asked twice, so that the session's kind is known and later requests read the copy. */
async function signedIn(email: string, password: string) {
  const { accessToken } = await signIn(api, email, password);
  for (let time = 0; time < 2; time++) expect((await api.request('GET', '/auth/me', { token: accessToken })).status).toBe(200);
  return accessToken;
}

const sessionId = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split('.')[2]!, 'base64url').subarray(0, -64).toString('utf8')) as { sid: string };
  return payload.sid;
};

const copyOf = async (token: string) =>
  (await pool().query('select user_active, user_role, user_email, user_must_enrol_mfa from sessions where id = $1', [sessionId(token)])).rows[0];

describe("a user's signed-in sessions follow the user's row", () => {
  it('shows a new name, email, role and sub-merchant at the next request', async () => {
    const { merchant } = await newMerchant();
    const branch = await newSubMerchant(merchant.id);
    const { user, password } = await newUser(merchant.id, 'PLAIN_MERCHANT');
    const token = await signedIn(user.email, password);
    const email = `renamed-${user.email}`;
    await pool().query(`update users set first_name = 'Achieng', last_name = 'Otieno', email = $2, role = 'SUPPORT', sub_merchant_id = $3 where id = $1`, [user.id, email, branch.id]);
    const me = await (await api.request('GET', '/auth/me', { token })).json();
    expect(me).toMatchObject({ firstName: 'Achieng', lastName: 'Otieno', email, role: 'SUPPORT', subMerchantId: branch.id });
    // A SUPPORT user reads only, from the next request on.
    const write = await api.request('POST', '/merchants/me/customers', { token, json: { name: 'Someone' } });
    expect(write.status).toBe(403);
  });

  it('refuses a user disabled by SQL at the next request, and lets them back in once enabled again', async () => {
    const { user, password } = await newMerchant();
    const token = await signedIn(user.email, password);
    await pool().query('update users set active = false where id = $1', [user.id]);
    const refused = await api.request('GET', '/auth/me', { token });
    expect(refused.status).toBe(401);
    expect((await refused.json()).code).toBe('session_ended');
    await pool().query('update users set active = true where id = $1', [user.id]);
    expect((await api.request('GET', '/auth/me', { token })).status).toBe(200);
  });

  it("holds a merchant's new two-factor policy at the next request", async () => {
    const { user, merchant, password } = await newMerchant();
    const token = await signedIn(user.email, password);
    await pool().query('insert into merchant_security_policies (merchant_id, require_mfa) values ($1, true) on conflict (merchant_id) do update set require_mfa = true', [merchant.id]);
    const customers = await api.request('GET', '/merchants/me/customers', { token });
    expect(customers.status).toBe(403);
    expect((await customers.json()).code).toBe('mfa_enrollment_required');
    expect(await (await api.request('GET', '/auth/me', { token })).json()).toMatchObject({ mfaEnrollmentRequired: true });
  });

  it("replaces whatever is written into a session's copy by the user's row", async () => {
    const { merchant } = await newMerchant();
    const { user, password } = await newUser(merchant.id, 'SUPPORT');
    const token = await signedIn(user.email, password);
    await pool().query('update users set active = false where id = $1', [user.id]);
    await pool().query(`update sessions set user_active = true, user_role = 'MERCHANT_ADMIN', user_email = 'someone@else.example' where id = $1`, [sessionId(token)]);
    expect(await copyOf(token)).toEqual({ user_active: false, user_role: 'SUPPORT', user_email: user.email, user_must_enrol_mfa: false });
    expect((await api.request('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('refuses a change of a user under REPEATABLE READ, whose snapshot could miss a newer session; other columns change freely', async () => {
    const { user } = await newMerchant();
    const client = await pool().connect();
    try {
      await client.query('begin isolation level repeatable read');
      await expect(client.query('update users set first_name = $2 where id = $1', [user.id, 'Nyambura'])).rejects.toThrow(/READ COMMITTED/);
      await client.query('rollback');
      await client.query('begin isolation level repeatable read');
      await client.query(`update users set password_hash = password_hash where id = $1`, [user.id]);
      await client.query('commit');
    } finally {
      client.release();
    }
  });
});

describe('a session made while its user changes', () => {
  it('is refused when the user is disabled while the session is being made, whichever commits first', async () => {
    const { user, password } = await newMerchant();
    const token = await signedIn(user.email, password);
    const [signingIn, disabling] = [await pool().connect(), await pool().connect()];
    try {
      // The sign-in's transaction first: the disabling waits for it, then finds its session.
      await signingIn.query('begin');
      const first = await signingIn.query(`insert into sessions (user_id, expires_at) values ($1, now() + interval '1 hour') returning id`, [user.id]);
      const disabled = disabling.query('update users set active = false where id = $1', [user.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await signingIn.query('commit');
      await disabled;
      // Then the disabling's transaction first: the sign-in waits for it, then copies the disabled user.
      await pool().query('update users set active = true where id = $1', [user.id]);
      await disabling.query('begin');
      await disabling.query('update users set active = false where id = $1', [user.id]);
      const second = signingIn.query(`insert into sessions (user_id, expires_at) values ($1, now() + interval '1 hour') returning id`, [user.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await disabling.query('commit');
      const made = await second;
      const { rows } = await pool().query('select user_active from sessions where id = any($1::uuid[])', [[first.rows[0].id, made.rows[0].id]]);
      expect(rows).toEqual([{ user_active: false }, { user_active: false }]);
    } finally {
      signingIn.release();
      disabling.release();
    }
    expect((await api.request('GET', '/auth/me', { token })).status).toBe(401);
  });
});
