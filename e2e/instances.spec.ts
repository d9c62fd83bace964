import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhook-receiver';
import { demo } from './support/accounts';
import { baseURL, serverEnvironment } from './support/environment';
import { receipt } from './support/payments';
import { legacyAccount, unique } from './support/service';

/**
 * Two app processes on one database, as an operator runs several instances: the suite's server
 * (embedded PostgreSQL) and a second `node dist/server.mjs` (the compiled server.ts the suite's
 * server runs too) given only DATABASE_URL, a data folder of its own and a port. Everything they must agree on comes from the database.
 */
const SECOND_PORT = 3101;
const secondURL = `http://127.0.0.1:${SECOND_PORT}`;
const READY_TIMEOUT_MS = 150_000;

test.describe.configure({ mode: 'serial' });

let second: ChildProcess | undefined;
let secondOutput = '';
let secondDataDir: string;
let database: pg.Client;
let receiver: WebhookReceiver;

/** The first server's database, as its data folder records it. */
async function firstDatabaseUrl(): Promise<string> {
  const credentials = JSON.parse(await readFile(path.join(serverEnvironment.DATA_DIR!, 'postgres.json'), 'utf8')) as { port: number; password: string };
  return `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${credentials.port}/collect`;
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (second?.exitCode !== null) throw new Error(`The second instance exited (${second?.exitCode}):\n${secondOutput}`);
    // server.ts listens only once the database, the shared settings and the portal are ready.
    const answer = await fetch(`${secondURL}/login`).catch(() => undefined);
    if (answer && answer.status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The second instance was not ready within ${READY_TIMEOUT_MS} ms:\n${secondOutput}`);
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(READY_TIMEOUT_MS + 30_000);
  const url = await firstDatabaseUrl();
  database = new pg.Client({ connectionString: url });
  await database.connect();
  receiver = await startWebhookReceiver();
  secondDataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-e2e-second-'));
  second = spawn(process.execPath, ['dist/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(SECOND_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: secondDataDir,
      DATABASE_URL: url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: serverEnvironment.ACCESS_TOKEN_TTL_SECONDS!,
      // The suite's server built the portal at its start; a rebuild here (sources edited since, in a
      // working tree) would swap the files that server is serving in the middle of the run.
      PORTAL_BUILD: 'never',
      // Nothing shared is given: no SANDBOX, no secrets, no keys. The database supplies them.
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  second.stdout!.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
  second.stderr!.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
  await waitUntilReady();
});

test.afterAll(async () => {
  if (second && second.exitCode === null) {
    const exited = new Promise((resolve) => second!.once('exit', resolve));
    second.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (second.exitCode === null) second.kill('SIGKILL');
  }
  await receiver?.stop();
  await database?.end();
  if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
});

async function login(request: APIRequestContext, origin: string): Promise<string> {
  const answer = await request.post(`${origin}/api/v1/auth/login`, { data: { email: demo.email, password: demo.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The callback secret every instance shares, where they all read it (never printed or logged). */
async function mpesaCallbackSecret(): Promise<string> {
  const { rows } = await database.query<{ value: string }>("select value from shared_settings where name = 'mpesa-callback-secret'");
  expect(rows[0]?.value).toBeTruthy();
  return rows[0]!.value;
}

function confirmation(origin: string, secret: string, body: Record<string, string>) {
  return fetch(`${origin}/api/v1/rails/daraja/c2b/confirmation?token=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const c2bBody = (accountNumber: string, amount: string) => ({
  TransactionType: 'Pay Bill',
  TransID: receipt(),
  TransTime: '20261121130253',
  TransAmount: amount,
  BusinessShortCode: '4123456',
  BillRefNumber: accountNumber,
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254712345678',
  FirstName: 'Achieng',
  MiddleName: '',
  LastName: 'Otieno',
});

test.describe('two instances on one database', () => {
  test('a token from either instance works on the other', async ({ request }) => {
    for (const [from, to] of [[baseURL, secondURL], [secondURL, baseURL]] as const) {
      const token = await login(request, from);
      const me = await request.get(`${to}/api/v1/auth/me`, { headers: asBearer(token) });
      expect(me.status(), `a token from ${from} on ${to}`).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(demo.email);
    }
  });

  test('a portal session opened on one instance is open on the other', async ({ playwright }) => {
    // next-auth's own sign-in route on the first instance seals the cookie; cookies ignore the port.
    const browserless = await playwright.request.newContext();
    try {
      const { csrfToken } = (await (await browserless.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
      const signIn = await browserless.post(`${baseURL}/api/auth/callback/credentials`, {
        form: { csrfToken, email: demo.email, password: demo.password, json: 'true' },
        maxRedirects: 0,
      });
      expect(signIn.status(), await signIn.text()).toBeLessThan(400);
      const session = await browserless.get(`${secondURL}/api/auth/session`);
      expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(demo.email);
      const page = await browserless.get(`${secondURL}/payments`, { maxRedirects: 0 });
      expect(page.status(), 'a signed-in page on the second instance, not a redirect to /login').toBe(200);
    } finally {
      await browserless.dispose();
    }
  });

  test('the second instance follows the database into sandbox mode, though its own default (DATABASE_URL) is off', async ({ request, playwright }) => {
    const account = await legacyAccount(playwright);
    const token = await login(request, secondURL);
    const simulated = await request.post(`${secondURL}/api/v1/merchants/me/sandbox/inbound-payments`, {
      headers: asBearer(token),
      data: { channel: 'MOBILE_MONEY', accountNumber: account.accountNumber, amount: 10 },
    });
    expect(simulated.status(), await simulated.text()).toBe(201);
  });

  test('one Daraja confirmation sent to both instances at once is recorded once', async ({ playwright }) => {
    const account = await legacyAccount(playwright);
    const secret = await mpesaCallbackSecret();
    for (let round = 0; round < 5; round += 1) {
      const body = c2bBody(account.accountNumber, '150.00');
      const answers = await Promise.all([confirmation(baseURL, secret, body), confirmation(secondURL, secret, body)]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(String(((await answer.json()) as { ResultCode: unknown }).ResultCode)).toBe('0');
      }
      const payments = await database.query('select id from payments where provider_reference = $1', [body.TransID]);
      const held = await database.query("select 1 from suspense_payments where provider_reference = $1", [body.TransID]);
      expect(payments.rowCount, `payments for ${body.TransID}`).toBe(1);
      expect(held.rowCount).toBe(0);
    }
  });

  test('a third instance that disagrees is refused at start with a sentence naming the variable', async () => {
    const url = await firstDatabaseUrl();
    for (const [variable, value, sentence] of [
      ['SANDBOX', 'false', 'SANDBOX=false disagrees with this database, which is in sandbox mode'],
      ['MPESA_CALLBACK_SECRET', 'another-callback-secret-0123456789', 'MPESA_CALLBACK_SECRET differs from the M-Pesa callback secret that this database holds'],
    ] as const) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'collect-e2e-third-'));
      try {
        const third = spawn(process.execPath, ['dist/server.mjs'], {
          env: { ...process.env, PORT: String(SECOND_PORT + 1), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', [variable]: value },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        third.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        third.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => third.once('exit', resolve));
        expect(code, output).toBe(1);
        expect(output).toContain(`Cannot start: ${sentence}`);
        expect(output).not.toContain(value === 'false' ? 'Portal:' : value); // refused before serving; the secret is not echoed
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  });

  test('each webhook event is delivered once, whichever instance received the payment', async ({ request, playwright }) => {
    const route = receiver.route('instances');
    const token = await login(request, baseURL);
    const endpoint = await request.post(`${baseURL}/api/v1/merchants/me/webhook-endpoints`, {
      headers: asBearer(token),
      data: { url: route.url, description: unique('Instances'), eventTypes: ['payment.received'] },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);

    const account = await legacyAccount(playwright);
    const secret = await mpesaCallbackSecret();
    const PAYMENTS = 10;
    const answers = await Promise.all(
      Array.from({ length: PAYMENTS }, (_, index) => confirmation(index % 2 ? secondURL : baseURL, secret, c2bBody(account.accountNumber, `${100 + index}.00`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PAYMENTS).fill(200));

    await route.waitFor(PAYMENTS, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // time enough for a second delivery, if there were one
    const ids = route.requests.map((received) => received.headers['webhook-id']);
    expect(ids).toHaveLength(PAYMENTS);
    expect(new Set(ids).size).toBe(PAYMENTS);
  });

  // Last: it stops the second instance.
  test('SIGTERM answers the request in flight on a kept-alive connection, then closes it and stops within seconds', async () => {
    const socket = connect(SECOND_PORT, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    // A request whose body has not all arrived when the signal does: in flight, not idle.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${SECOND_PORT}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => second!.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    second!.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    // Answered (a refused sign-in), then the connection is closed: kept alive, it would hold the stop for 65 s.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  });
});
