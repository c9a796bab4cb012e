import { join } from 'node:path'
import { renderSchemaSteps } from './migration_steps.js'
import { diffSchemas } from './schema_diff.js'
import type { TableLeft } from './migration_tables.js'
import type { SchemaSnapshot } from './schema_snapshot.js'

/** What the drop-tables stub (stubs/pantheon/migration/drop_tables.stub) is rendered with. */
export interface DropMigration {
  destination: string
  description: string
  origin: string
  /** The tables, as the warning names them: `catalog_products and catalog_tags`. */
  tables: string
  up: string
  down: string
  /** The snapshot once the tables are dropped. */
  remaining: SchemaSnapshot
}

/** `a`, `a and b`, `a, b and c`. */
function sentenceList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/**
 * The migration that drops `tables` of a module's schema snapshot, and the tables its migrations
 * created outside it (`created`: a read model's, one written by hand) whose creation can be
 * replayed: up() drops each one, down() creates it again, empty: with the columns the snapshot
 * records (the same steps add-migration writes for a table it drops), or with the statement that
 * created it. Undefined when there is none to drop.
 */
export function dropMigration(
  snapshot: SchemaSnapshot,
  tables: string[],
  target: { migrationsFolder: string; name: string; origin: string; now: number },
  created: readonly Required<TableLeft>[] = []
): DropMigration | undefined {
  const dropped = tables.filter((table) => snapshot.tables[table] !== undefined).sort()
  const others = created.filter(({ table }) => snapshot.tables[table] === undefined)
  if (dropped.length === 0 && others.length === 0) return undefined
  const remaining: SchemaSnapshot = {
    tables: Object.fromEntries(
      Object.entries(snapshot.tables).filter(([table]) => !dropped.includes(table))
    ),
  }
  const changes = diffSchemas(snapshot, remaining)
  const indent = (line: string) => `    ${line}`
  const all = [...dropped, ...others.map(({ table }) => table)]
  return {
    destination: join(target.migrationsFolder, `${target.now}_${target.name}.ts`),
    description: `Drops ${sentenceList(all)}`,
    origin: target.origin,
    tables: sentenceList(all),
    // A table of its own may reference one of the snapshot's: dropped first (the last created
    // first), created again last.
    up: [
      ...others.toReversed().map(({ table }) => indent(`this.schema.dropTable('${table}')`)),
      renderSchemaSteps(changes.up),
    ]
      .filter(Boolean)
      .join('\n'),
    down: [renderSchemaSteps(changes.down), ...others.map(({ creation }) => indent(creation))]
      .filter(Boolean)
      .join('\n'),
    remaining,
  }
}
