/** The bench merchant's first user signs in with this (the portal scenario signs in as a browser would). */
export const BENCH_PASSWORD = 'bench-password-123';

/** What every scenario gets: the server under load and its bench merchant. */
export interface Target {
  apiPort: number;
  barePort: number;
  /** The server process: its CPU (and its PostgreSQL's, a child) is read from /proc per scenario. */
  pid: number;
  accessToken: string;
  merchantId: string;
  /** The bench merchant's administrator, whose password is BENCH_PASSWORD. */
  email: string;
  mpesaToken: string;
}
