import { join } from 'node:path'
import { renderSchemaSteps } from './migration_steps.js'
import { diffSchemas } from './schema_diff.js'
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
 * The migration that drops `tables` of a module's schema snapshot: up() drops each one, down()
 * creates it again, empty, with the columns the snapshot records (the same steps add-migration
 * writes for a table it drops). Undefined when the snapshot holds none of them: no migration
 * ever created them.
 */
export function dropMigration(
  snapshot: SchemaSnapshot,
  tables: string[],
  target: { migrationsFolder: string; name: string; origin: string; now: number }
): DropMigration | undefined {
  const dropped = tables.filter((table) => snapshot.tables[table] !== undefined).sort()
  if (dropped.length === 0) return undefined
  const remaining: SchemaSnapshot = {
    tables: Object.fromEntries(
      Object.entries(snapshot.tables).filter(([table]) => !dropped.includes(table))
    ),
  }
  const changes = diffSchemas(snapshot, remaining)
  return {
    destination: join(target.migrationsFolder, `${target.now}_${target.name}.ts`),
    description: `Drops ${sentenceList(dropped)}`,
    origin: target.origin,
    tables: sentenceList(dropped),
    up: renderSchemaSteps(changes.up),
    down: renderSchemaSteps(changes.down),
    remaining,
  }
}
