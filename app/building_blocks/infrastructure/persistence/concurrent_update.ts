import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '../../application/app_error.js'
import { affectedRows } from './affected_rows.js'
import { refusedRemoval } from './entity_references.js'

/**
 * A write that lost a race: another one changed (or removed and re-added) the row after this
 * one read it, so writing would overwrite a change its caller never saw. Thrown by a versioned
 * repository's save (see `saveVersioned`), it rolls the unit of work back and answers 409.
 */
export class ConcurrentUpdate extends Error {
  constructor(
    readonly entity: string,
    readonly id: string
  ) {
    super(`${entity} ${id} was changed by another request while this one was changing it`)
    this.name = 'ConcurrentUpdate'
  }
}

async function exists(client: QueryClientContract, table: string, id: string): Promise<boolean> {
  return (await client.from(table).where('id', id).select('id').first()) !== null
}

/** The row a versioned write names: its table, id and the version its caller read. */
export interface VersionedRow {
  table: string
  /** The entity's name, for the conflict's code (`Product.ConcurrentUpdate`). */
  entity: string
  id: string
  version: number
}

/**
 * Writes `changes` to the row only while it still holds the version its caller read, and moves
 * it to the next version, in one statement: of two racing writers one wins and the other finds
 * nothing to update. False when there is no such row; ConcurrentUpdate when there is one at
 * another version.
 */
export async function saveVersioned(
  client: QueryClientContract,
  row: VersionedRow,
  changes: Record<string, unknown>
): Promise<boolean> {
  const updated = await client
    .from(row.table)
    .where('id', row.id)
    .where('version', row.version)
    .update({ ...changes, version: row.version + 1 })
  if (affectedRows(updated) > 0) return true
  if (await exists(client, row.table, row.id)) throw new ConcurrentUpdate(row.entity, row.id)
  return false
}

/**
 * Removes the row; with a version, only while it still holds it (ConcurrentUpdate when it holds
 * another). False when there is no such row.
 */
export async function removeVersioned(
  client: QueryClientContract,
  row: Omit<VersionedRow, 'version'> & { version?: number }
): Promise<boolean> {
  const query = client.from(row.table).where('id', row.id)
  if (row.version !== undefined) query.where('version', row.version)
  let removed: unknown
  try {
    removed = await query.delete()
  } catch (error) {
    // A foreign key of another table refuses it: 409 <Entity>.StillReferenced.
    throw refusedRemoval(error, row.entity)
  }
  if (affectedRows(removed) > 0) return true
  if (row.version !== undefined && (await exists(client, row.table, row.id))) {
    throw new ConcurrentUpdate(row.entity, row.id)
  }
  return false
}

/** A lost race is a conflict with what is stored: 409 `<Entity>.ConcurrentUpdate`, never 500. */
export function translateConcurrentUpdate(error: unknown): AppError | undefined {
  if (!(error instanceof ConcurrentUpdate)) return undefined
  return AppError.conflict(
    `${error.entity}.ConcurrentUpdate`,
    `${error.message}: read it again and reapply the change`
  )
}
