import { join } from 'node:path'
import { onServer } from '../postgres.js'
import {
  storedInPostgres,
  storedInSqlite,
  type StoredProducts,
} from '#tests/common/stored_products'

/** A database the load check runs the app on, created for the run and removed after it. */
export interface LoadDatabase {
  label: string
  env: Record<string, string>
  stored: (ids: string[]) => Promise<StoredProducts>
  drop: () => Promise<void>
}

/** A fresh file in the run's temporary folder (removed with it). */
export function sqliteDatabase(folder: string, name = 'load'): LoadDatabase {
  const filename = join(folder, `${name}.sqlite3`)
  return {
    label: 'SQLite',
    env: { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: filename },
    stored: async (ids) => storedInSqlite(filename, ids),
    drop: async () => {},
  }
}

/** The only databases a script ever creates or drops on the shared server: one per script. */
type ScriptDatabase = 'pantheon_load' | 'pantheon_chaos'

/** A database of its own on the shared PostgreSQL server, left over from no earlier run. */
export async function postgresDatabase(
  adminUrl: string,
  name: ScriptDatabase = 'pantheon_load'
): Promise<LoadDatabase> {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  await onServer(adminUrl, [
    `drop database if exists ${name} with (force)`,
    `create database ${name}`,
  ])
  return {
    label: 'PostgreSQL',
    env: { DB_CONNECTION: 'pg', DATABASE_URL: url.toString() },
    stored: (ids) => storedInPostgres(url.toString(), ids),
    drop: () => onServer(adminUrl, [`drop database if exists ${name} with (force)`]),
  }
}
