import { createHash } from 'node:crypto'
import { SQL_IDENTIFIER_LIMIT } from './names.js'

/**
 * The name of the unique index on `table`.`column`: `<table>_<column>_unique`, as knex names it,
 * cut to the 63 characters PostgreSQL keeps and told apart by a hash of the whole name when
 * longer. A generated repository names the same index to recognise a value taken
 * (`uniqueKeyTaken` of `@pantheon/kit/persistence`), so both read it from here.
 */
export function uniqueIndexName(table: string, column: string, suffix = 'unique'): string {
  const name = `${table}_${column}_${suffix}`
  if (name.length <= SQL_IDENTIFIER_LIMIT) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8)
  return `${name.slice(0, SQL_IDENTIFIER_LIMIT - hash.length - 1)}_${hash}`
}

/** The schema-builder line that adds the unique index on a column. */
export function uniqueLine(table: string, column: string): string {
  return `table.unique(['${column}'], { indexName: '${uniqueIndexName(table, column)}' })`
}

/** The schema-builder line that drops it. */
export function dropUniqueLine(table: string, column: string): string {
  return `table.dropUnique(['${column}'], '${uniqueIndexName(table, column)}')`
}

/**
 * The schema-builder line that indexes a reference's column: PostgreSQL does not index a foreign
 * key by itself, and both the lists filtering by it and the check of a removal read it.
 */
export function referenceIndexLine(table: string, column: string): string {
  return `table.index(['${column}'], '${uniqueIndexName(table, column, 'index')}')`
}
