import { createServer } from 'node:net';

/** A port nothing listens on now, for an app process started by a scenario. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Waits until `url` answers 200: the app process is up and its portal prepared. */
export async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { redirect: 'manual' }).then((response) => response.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The portal's sign-in as a browser does it (next-auth credentials): the session cookie. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true', callbackUrl: `${origin}/` }),
  });
  const session = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).find((cookie) => /session/.test(cookie.split('=')[0]!));
  if (!session) throw new Error(`portal sign-in failed: ${answer.status} ${await answer.text()}`);
  return session;
}
