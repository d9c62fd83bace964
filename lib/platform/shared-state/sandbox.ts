import type { AppConfig } from '@/lib/platform/config';
import { db, type Queryable } from '@/lib/platform/db';
import { recordFirst, replaceSharedSetting, SharedSettingConflict } from './store';

const SANDBOX_SETTING = 'sandbox';
const modeName = (sandbox: boolean) => (sandbox ? 'in sandbox mode (simulated payments)' : 'not in sandbox mode (real money only)');

/**
 * The sandbox mode of this database, recorded by its first start (SANDBOX when set, else on with the
 * embedded database) and followed by every later instance, whatever its own default would be.
 * An explicit SANDBOX that disagrees refuses the start: a mode is changed on purpose, for all at once.
 */
export async function resolveSandboxMode(settings: AppConfig, database: Queryable = db()): Promise<boolean> {
  const proposed = settings.SANDBOX ?? !settings.DATABASE_URL;
  const row = await recordFirst(SANDBOX_SETTING, { value: String(proposed) }, settings.SANDBOX === undefined ? 'default' : 'environment', database);
  const recorded = row.value === 'true';
  if (settings.SANDBOX !== undefined && settings.SANDBOX !== recorded) {
    throw new SharedSettingConflict(
      `SANDBOX=${settings.SANDBOX} disagrees with this database, which is ${modeName(recorded)} since its first start. ` +
        `Unset SANDBOX to follow the database, or change the mode for every instance on purpose with \`SANDBOX=${settings.SANDBOX} npm run cli -- settings:adopt\` and restart them all.`,
    );
  }
  if (settings.STK_PROVIDER === 'simulator' && !recorded) {
    throw new SharedSettingConflict('STK_PROVIDER=simulator needs the sandbox, and this database is not in sandbox mode: unset STK_PROVIDER or use daraja.');
  }
  return recorded;
}

/** The operator's deliberate change of mode (`settings:adopt` with SANDBOX set). */
export const adoptSandboxMode = (sandbox: boolean, database: Queryable = db()) =>
  replaceSharedSetting(SANDBOX_SETTING, { value: String(sandbox) }, 'adopted', database);
