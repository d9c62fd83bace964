/** What every scenario gets: the server under load and its bench merchant. */
export interface Target {
  apiPort: number;
  barePort: number;
  accessToken: string;
  merchantId: string;
  mpesaToken: string;
}
