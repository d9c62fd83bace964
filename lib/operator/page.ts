import { encodeCursor } from '@/lib/api/pagination';

/** limit + 1 rows in, `{ data, nextCursor }` out: the operator lists' shape (docs/operator.md). */
export function pageOfRows<Row extends { createdAt: Date; id: string }, Json>(rows: Row[], limit: number, toJson: (row: Row) => Json) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null;
  return { data: page.map(toJson), nextCursor };
}
