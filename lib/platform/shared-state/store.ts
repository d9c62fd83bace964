import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/lib/platform/db';
import { fingerprintOf, matchesFingerprint } from './fingerprint';
import { sharedSettings, type SharedSettingOrigin } from './schema';

/** A start refused because this instance would disagree with the others on its database. */
export class SharedSettingConflict extends Error {}

/** One secret every instance on a database must hold alike. */
export interface SharedSecretSpec {
  /** Its row in shared_settings. */
  name: string;
  /** The environment variable that may give it, named in every refusal. */
  variable: string;
  /** What it is, for sentences: "the M-Pesa callback secret". */
  label: string;
  /** The environment's value, when set: never written to the database, only its fingerprint. */
  given: string | undefined;
  /** Where an older version kept it in DATA_DIR: imported once, so registered URLs and sessions keep working. */
  legacyFile?: string;
  /** Checks a legacy file's text and returns the value to store; throws a sentence when unusable. */
  readLegacy?(text: string, file: string): string;
  generate(): Promise<string> | string;
  /** Whether the environment's value is the one the database holds (default: equal). */
  agrees?(stored: string, given: string): boolean;
}

type Row = typeof sharedSettings.$inferSelect;

export async function readSharedSetting(name: string, database: Queryable = db()): Promise<Row | undefined> {
  const [row] = await database.select().from(sharedSettings).where(eq(sharedSettings.name, name));
  return row;
}

/** The row, locked until the transaction ends: for a read-modify-write such as a key rotation. */
export async function lockSharedSetting(name: string, transaction: Queryable): Promise<Row | undefined> {
  const [row] = await transaction.select().from(sharedSettings).where(eq(sharedSettings.name, name)).for('update');
  return row;
}

/**
 * Records a first value unless another instance got there first, then reads back whichever won:
 * INSERT … ON CONFLICT DO NOTHING waits for a concurrent insert of the same name to commit, so
 * instances starting together all read the same row.
 */
export async function recordFirst(
  name: string,
  first: { value: string; fingerprint?: undefined } | { fingerprint: string; value?: undefined },
  origin: SharedSettingOrigin,
  database: Queryable = db(),
): Promise<Row> {
  await database
    .insert(sharedSettings)
    .values({ name, value: first.value ?? null, fingerprint: first.fingerprint ?? null, origin })
    .onConflictDoNothing({ target: sharedSettings.name });
  const row = await readSharedSetting(name, database);
  if (!row) throw new Error(`The shared setting ${name} vanished while it was being recorded.`);
  return row;
}

/** Replaces a setting on purpose (the operator's `settings:adopt`, a key rotation). */
export async function replaceSharedSetting(
  name: string,
  next: { value: string; fingerprint?: undefined } | { fingerprint: string; value?: undefined },
  origin: SharedSettingOrigin,
  database: Queryable = db(),
): Promise<void> {
  const values = { value: next.value ?? null, fingerprint: next.fingerprint ?? null, origin, updatedAt: sql`now()` };
  await database
    .insert(sharedSettings)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: sharedSettings.name, set: values });
}

async function readLegacyFile(spec: SharedSecretSpec): Promise<string | undefined> {
  if (!spec.legacyFile) return undefined;
  let text: string;
  try {
    text = await readFile(spec.legacyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SharedSettingConflict(`Cannot read ${spec.legacyFile} (${spec.label} of an earlier version): ${(error as Error).message}.`);
  }
  const value = spec.readLegacy ? spec.readLegacy(text, spec.legacyFile) : text.trim();
  if (!value) throw new SharedSettingConflict(`${spec.legacyFile} (${spec.label} of an earlier version) is empty: delete it or restore it.`);
  return value;
}

/**
 * The value this instance must use, agreeing with every other instance on the database:
 * the environment's when set (checked against what the database records), else the database's,
 * else imported from an older version's file in DATA_DIR, else generated; the first start records it.
 */
export async function resolveSharedSecret(spec: SharedSecretSpec, database: Queryable = db()): Promise<string> {
  let row = await readSharedSetting(spec.name, database);
  if (!row) {
    if (spec.given !== undefined) {
      row = await recordFirst(spec.name, { fingerprint: await fingerprintOf(spec.given) }, 'environment', database);
    } else {
      const imported = await readLegacyFile(spec);
      row = imported !== undefined
        ? await recordFirst(spec.name, { value: imported }, 'imported', database)
        : await recordFirst(spec.name, { value: await spec.generate() }, 'generated', database);
    }
  }
  return agreedValue(spec, row);
}

async function agreedValue(spec: SharedSecretSpec, row: Row): Promise<string> {
  const { given, variable, label } = spec;
  if (given === undefined) {
    if (row.value !== null) return row.value;
    throw new SharedSettingConflict(
      `${variable} is not set, but the other instances on this database were started with it: give this instance the same ${variable}.`,
    );
  }
  const agrees = row.value !== null ? (spec.agrees ?? ((stored, value) => stored === value))(row.value, given) : await matchesFingerprint(given, row.fingerprint!);
  if (agrees) return given;
  const holder = row.value !== null ? `${label} that this database holds` : `the ${variable} the other instances on this database were started with`;
  throw new SharedSettingConflict(
    `${variable} differs from ${holder}: every instance on one database must use the same value. ` +
      `Unset it here${row.value !== null ? ' to use the database\'s' : ''}, or make this value the one for every instance with ` +
      '`npm run cli -- settings:adopt` (run with this environment) and restart every instance.',
  );
}
