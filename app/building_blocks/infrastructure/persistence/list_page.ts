import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ListCriteria } from '../../domain/list_criteria.js'

/** Where a listed field is kept, and its value as the connection compares it (a date as text…). */
export interface ListedColumn {
  column: string
  toSql?: (value: unknown, client: QueryClientContract) => unknown
}

/**
 * One page of `table`'s rows as `criteria` ask: every filter, then the sort keys in order, then
 * the id, so rows that tie on every key keep one order from page to page. A row with no value
 * comes last in either direction, on SQLite and PostgreSQL alike (they disagree by default).
 */
export async function listPage<TField extends string>(
  client: QueryClientContract,
  table: string,
  criteria: ListCriteria<TField>,
  columns: Record<TField, ListedColumn>
): Promise<{ rows: unknown[]; total: number }> {
  const query = client.from(table)
  for (const { field, operator, value } of criteria.filters) {
    const { column, toSql } = columns[field]
    // Checked by the list's parameters: a string, number, boolean or Date, as toSql gives it.
    query.where(column, operator, (toSql ? toSql(value, client) : value) as string | number)
  }
  for (const { field, descending } of criteria.sort) {
    query.orderByRaw(`?? ${descending ? 'desc' : 'asc'} nulls last`, [columns[field].column])
  }
  query.orderBy('id', 'asc')
  const result = await query.paginate(criteria.page, criteria.perPage)
  return { rows: result.all(), total: result.total }
}
