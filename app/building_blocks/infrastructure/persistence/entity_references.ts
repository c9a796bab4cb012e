import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '../../application/app_error.js'
import { isForeignKeyViolation, missingReferenceColumns } from './constraint_violation.js'
import { ExplainedRefusal } from './explained_refusal.js'

/** A reference of a table to another entity's table, as a generated repository declares it. */
export interface EntityReference {
  /** The column holding the referenced row's id (`customer_id`). */
  column: string
  /** The field of the request and DTO that holds it (`customerId`). */
  field: string
  /** The referenced entity's table. */
  table: string
  /** The code a missing row answers: `<Entity>.<Property>NotFound`. */
  code: string
  message: string
}

/**
 * A reference naming no stored row: its code and the request's field. Thrown by
 * `assertReferencesExist` and answered 400 with the field named: the request is wrong, not the
 * stored state (`translateReferenceErrors`).
 */
export class ReferenceNotFound extends ExplainedRefusal {
  constructor(
    readonly code: string,
    readonly field: string,
    message: string,
    options?: ErrorOptions
  ) {
    super(message, options)
    this.name = 'ReferenceNotFound'
  }
}

/** A row that stored rows still refer to, which its removal would leave dangling. */
export class StillReferenced extends ExplainedRefusal {
  constructor(
    readonly entity: string,
    options?: ErrorOptions
  ) {
    super(`This ${entity} is referred to by stored records: remove or change those first`, options)
    this.name = 'StillReferenced'
  }
}

/**
 * Refuses a row to be written whose references name rows that do not exist, before it is
 * written: the foreign key would refuse it too, but without saying which field (SQLite names
 * none), and on PostgreSQL the failed statement would abort the unit of work. A row removed by
 * another request between this check and the write is still refused by the foreign key, which
 * `referenceGone` turns into the same answer.
 */
export async function assertReferencesExist(
  client: QueryClientContract,
  row: Readonly<Record<string, unknown>>,
  references: readonly EntityReference[]
): Promise<void> {
  for (const reference of references) {
    const id = row[reference.column]
    if (typeof id !== 'string') continue
    const found: unknown = await client.from(reference.table).select('id').where('id', id).first()
    if (!found) throw new ReferenceNotFound(reference.code, reference.field, reference.message)
  }
}

/**
 * The reference of `references` whose row a write found gone, as the refusal
 * `assertReferencesExist` throws (400 naming the field); undefined for any other error. That
 * happens when another request removed the row after the check looked, on PostgreSQL: it names
 * the column. On SQLite one writer at a time means nothing removes it in between.
 *
 *   catch (error) {
 *     throw referenceGone(error, REFERENCES) ?? error
 *   }
 */
export function referenceGone(
  error: unknown,
  references: readonly EntityReference[]
): ReferenceNotFound | undefined {
  const columns = missingReferenceColumns(error)
  const reference = references.find((candidate) => columns?.includes(candidate.column))
  return (
    reference &&
    new ReferenceNotFound(reference.code, reference.field, reference.message, { cause: error })
  )
}

/** The error a removal refused by a foreign key becomes: `StillReferenced`; others unchanged. */
export function refusedRemoval(error: unknown, entity: string): unknown {
  return isForeignKeyViolation(error) ? new StillReferenced(entity, { cause: error }) : error
}

/**
 * A reference naming nothing answers 400 `<Entity>.<Property>NotFound` with its field; a removal
 * of a row still referred to answers 409 `<Entity>.StillReferenced`.
 */
export function translateReferenceErrors(error: unknown): AppError | undefined {
  if (error instanceof ReferenceNotFound) {
    return AppError.validation(error.code, error.message, [
      { field: error.field, code: error.code, message: error.message },
    ])
  }
  if (error instanceof StillReferenced) {
    return AppError.conflict(`${error.entity}.StillReferenced`, error.message)
  }
  return undefined
}
