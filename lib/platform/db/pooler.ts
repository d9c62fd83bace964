import { logger } from '@/lib/platform/logger';
import { pool, throughPooler } from './index';

/**
 * Through a transaction-mode pooler the app cannot give its connections a statement_timeout (PgBouncer
 * refuses it as a startup parameter, and a SET would land on whichever server connection was free):
 * the server connections must get it from the pooler (connect_query in pgbouncer.ini) or the role
 * (ALTER ROLE … SET statement_timeout). The client's own timeout still holds without it, but then a
 * statement the client gave up on keeps running on the server: say so at start.
 */
export async function warnWithoutPooledStatementTimeout(): Promise<void> {
  if (!throughPooler()) return;
  try {
    const { rows } = await pool().query<{ statement_timeout: string }>('show statement_timeout');
    if (rows[0]?.statement_timeout === '0') {
      logger().warn(
        'DATABASE_POOLER is set, but connections through the pooler have no statement_timeout: set connect_query in pgbouncer.ini ' +
          "(or ALTER ROLE … SET statement_timeout) to DATABASE_QUERY_TIMEOUT_MS; docs/scaling.md, \"PgBouncer\"",
      );
    }
  } catch (error) {
    logger().warn({ err: error }, 'could not read the statement_timeout of connections through the pooler');
  }
}
