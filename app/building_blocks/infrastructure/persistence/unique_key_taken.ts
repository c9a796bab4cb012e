import { ExplainedRefusal } from './explained_refusal.js'

/**
 * A value refused by a unique key a repository knows: its stable code (`Customer.EmailTaken`)
 * and the field of the request that holds the value. Thrown from a generated repository's write
 * (see `uniqueKeyTaken`) and answered 409 with the field named (`translateConstraintViolation`).
 */
export class UniqueKeyTaken extends ExplainedRefusal {
  constructor(
    readonly code: string,
    readonly field: string,
    message: string,
    options?: ErrorOptions
  ) {
    super(message, options)
    this.name = 'UniqueKeyTaken'
  }
}

/** A unique key of a table, as a generated repository declares it. */
export interface UniqueKey {
  /** The unique index, as the migration names it. */
  index: string
  column: string
  /** The field of the request and DTO that holds the column's value. */
  field: string
  /** The code a taken value answers: `<Entity>.<Property>Taken`. */
  code: string
  message: string
}
