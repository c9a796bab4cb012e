import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Where the parts of an aggregate are stored: their table and the column of its id. */
export interface PartTable {
  table: string
  /** The column holding the aggregate's id (`order_id`). */
  parentColumn: string
}

/** Inserts an aggregate's parts, each with its position in the list (0, 1, …). */
export async function insertParts(
  client: QueryClientContract,
  part: PartTable,
  parentId: string,
  rows: readonly Record<string, unknown>[]
): Promise<void> {
  if (rows.length === 0) return
  await client
    .insertQuery()
    .table(part.table)
    .multiInsert(rows.map((row, position) => ({ ...row, [part.parentColumn]: parentId, position })))
}

/**
 * Writes an aggregate's parts in place of the ones stored: a list of parts changes as a whole,
 * inside the unit of work that saves the aggregate, so a failed save leaves the old list.
 */
export async function replaceParts(
  client: QueryClientContract,
  part: PartTable,
  parentId: string,
  rows: readonly Record<string, unknown>[]
): Promise<void> {
  await client.from(part.table).where(part.parentColumn, parentId).delete()
  await insertParts(client, part, parentId, rows)
}

/**
 * The stored parts of each of the aggregates, in their order, read in one query: a page of a
 * list costs one query for its parts, not one per item.
 */
export async function loadParts<Row>(
  client: QueryClientContract,
  part: PartTable,
  parentIds: readonly string[]
): Promise<Map<string, Row[]>> {
  const byParent = new Map<string, Row[]>(parentIds.map((id) => [id, []]))
  if (parentIds.length === 0) return byParent
  const rows = (await client
    .from(part.table)
    .whereIn(part.parentColumn, [...parentIds])
    .orderBy(part.parentColumn)
    .orderBy('position')) as Record<string, unknown>[]
  for (const row of rows) byParent.get(String(row[part.parentColumn]))?.push(row as Row)
  return byParent
}
