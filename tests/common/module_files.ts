import { readdir, readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import type { BaseSchema } from '@adonisjs/lucid/schema'

/** Every file under `folder` and its text: what a refused command must leave as it was. */
export async function filesUnder(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = `${entry.parentPath}/${entry.name}`
    files[file] = await readFile(file, 'utf8')
  }
  return files
}

/**
 * Runs a generated migration file's up() or down() against the test database (SQLite, or
 * PostgreSQL with DB_CONNECTION=pg), as `migration:run` would.
 */
export async function runMigrationFile(file: string, direction: 'up' | 'down'): Promise<void> {
  const { default: Migration } = (await import(pathToFileURL(file).href)) as {
    default: new (client: unknown, file: string, dryRun: boolean) => BaseSchema
  }
  const migration = new Migration(db.connection(), file, false)
  await (direction === 'up' ? migration.execUp() : migration.execDown())
}
