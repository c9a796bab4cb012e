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
export function sqliteDatabase(folder: string): LoadDatabase {
  const filename = join(folder, 'load.sqlite3')
  return {
    label: 'SQLite',
    env: { DB_CONNECTION: 'sqlite', SQLITE_FILENAME: filename },
    stored: async (ids) => storedInSqlite(filename, ids),
    drop: async () => {},
  }
}

/** Only this database is ever created or dropped on the shared server. */
const LOAD_DATABASE = 'pantheon_load'

/** A database of its own on the shared PostgreSQL server, left over from no earlier run. */
export async function postgresDatabase(adminUrl: string): Promise<LoadDatabase> {
  const url = new URL(adminUrl)
  url.pathname = `/${LOAD_DATABASE}`
  await onServer(adminUrl, [
    `drop database if exists ${LOAD_DATABASE} with (force)`,
    `create database ${LOAD_DATABASE}`,
  ])
  return {
    label: 'PostgreSQL',
    env: { DB_CONNECTION: 'pg', DATABASE_URL: url.toString() },
    stored: (ids) => storedInPostgres(url.toString(), ids),
    drop: () => onServer(adminUrl, [`drop database if exists ${LOAD_DATABASE} with (force)`]),
  }
}
