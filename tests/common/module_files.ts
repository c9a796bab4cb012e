import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import type { BaseSchema } from '@adonisjs/lucid/schema'
import AddMigration from '#commands/add_migration'
import { snakeCase } from '#kit/scaffolding/names'

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

/** The error a write threw, or undefined when it was not refused. */
export async function thrownBy(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write()
  } catch (error) {
    return error
  }
  return undefined
}

/**
 * A module's migrations in an app made by `init`: `add` runs add-migration and answers with the
 * file it wrote (its name and text), `run` runs a file's up() or down() on the test database.
 */
export function moduleMigrations(
  shop: {
    path(...segments: string[]): string
    run(command: typeof AddMigration, argv: string[]): Promise<{ exitCode: number; output: string }>
  },
  module: string
) {
  const folder = shop.path('modules', snakeCase(module), 'infrastructure/database/migrations')
  return {
    async add(name: string) {
      const { exitCode, output } = await shop.run(AddMigration, [name, '--module', module])
      const entries = await readdir(folder)
      const file =
        entries
          .filter((entry) => entry.endsWith('.ts'))
          .sort()
          .at(-1) ?? ''
      const source = file === '' ? '' : await readFile(join(folder, file), 'utf8')
      return { exitCode, output, file, source }
    },
    run: (file: string, direction: 'up' | 'down') =>
      runMigrationFile(join(folder, file), direction),
  }
}
