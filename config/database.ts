import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { moduleMigrationFolders } from '@pantheon/kit/modules'
import {
  configureSqliteConnection,
  postgresBounds,
  postgresConnection,
  watchPostgresAnswers,
  type ConfigurableSqliteConnection,
  type WatchedPostgresClient,
} from '@pantheon/kit/persistence'

/** The host's own migrations first, then every module's folder (found on disk, never listed). */
const migrations = {
  naturalSort: true,
  paths: ['database/migrations', ...moduleMigrationFolders(app.makePath())],
}

/**
 * A database that cannot be reached must fail fast (the API answers 503 within seconds rather
 * than holding the request for knex's 60-second default).
 */
const pool = {
  acquireTimeoutMillis: 4000,
  createTimeoutMillis: 3000,
  propagateCreateError: true,
}

/**
 * PostgreSQL that accepts connections but answers nothing must not hold a request either: a
 * connection waits at most 2 s, a statement 2.5 s (see postgres_bounds.ts), so a request
 * answers 503 within 5 s whatever it was waiting for. The tests and the development server give
 * a statement more room; console commands are not bounded.
 */
const bounds = postgresBounds(app.getEnvironment())
const postgresPool = bounds
  ? {
      acquireTimeoutMillis: bounds.acquireMs,
      createTimeoutMillis: bounds.connectMs,
      propagateCreateError: true,
      afterCreate: (client: WatchedPostgresClient, done: (error?: Error) => void) => {
        watchPostgresAnswers(client, bounds)
        done()
      },
    }
  : pool

/** The embedded database file; its folder is created so a fresh clone starts as is. */
function sqliteFilename() {
  const configured = env.get('SQLITE_FILENAME')
  const filename = configured
    ? app.makePath(configured)
    : app.tmpPath(app.inTest ? 'test.sqlite3' : 'db.sqlite3')
  mkdirSync(dirname(filename), { recursive: true })
  return filename
}

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqliteFilename() },
      useNullAsDefault: true,
      pool: {
        // WAL, write-locking transactions and prepared statements: see sqlite_connection.ts.
        afterCreate: (connection: ConfigurableSqliteConnection, done: (error?: Error) => void) => {
          configureSqliteConnection(connection)
          done()
        },
      },
      migrations,
      schemaGeneration: { enabled: false },
    },
    pg: {
      client: 'pg',
      connection: postgresConnection(
        env.get('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/postgres'),
        bounds
      ),
      pool: { ...postgresPool, min: 0, max: 10 },
      migrations,
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
