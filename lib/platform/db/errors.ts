/**
 * Which unique constraint a PostgreSQL error broke, if it was a unique violation (23505).
 * drizzle wraps the driver's error, so the fields may sit on its cause.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause] as ({ code?: string; constraint?: string } | undefined)[];
  const violation = candidates.find((candidate) => candidate?.code === '23505');
  return violation ? (violation.constraint ?? '') : undefined;
}

/** A LIKE pattern matches its text literally once %, _ and the escape character are escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');
