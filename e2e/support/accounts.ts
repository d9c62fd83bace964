import { serverEnvironment } from './environment';

export interface Account {
  email: string;
  password: string;
}

/** Made by the server on its empty database. */
export const demo: Account = { email: 'demo@example.com', password: serverEnvironment.DEMO_PASSWORD! };
export const DEMO_MERCHANT_NAME = 'Demo Duka Ltd';
export const DEMO_USER_NAME = 'Demo Merchant';

/** Made by the global setup through the CLI. */
export const support: Account = { email: 'support@example.com', password: 'support-password-123' };
export const disabled: Account = { email: 'disabled@example.com', password: 'disabled-password-123' };
/** Only the throttling test signs in wrongly as this one, so its failures count alone. */
export const throttled: Account = { email: 'throttled@example.com', password: 'throttled-password-123' };
