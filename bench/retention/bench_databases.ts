import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { ApplicationService } from '@adonisjs/core/types'
import { Database } from '@adonisjs/lucid/database'
import type { DatabaseConfig, PostgreConfig } from '@adonisjs/lucid/types/database'
import { onServer } from '../postgres.js'
import { bootApp } from '../messaging/bench_app.js'

const ROOT = join(import.meta.dirname, '../..')
/** The only databases this benchmark creates or drops on the shared server. */
const DATABASES = { empty: 'pantheon_bench_retention_empty', full: 'pantheon_bench_retention_full' }
export type Side = keyof typeof DATABASES

export interface BenchDatabases {
  app: ApplicationService
  /** The app's own Lucid instance on each database, both migrated the same way. */
  db: Record<Side, Database>
  urls: Record<Side, string>
  /** Closes every connection and drops both databases. */
  close(): Promise<void>
}

function urlOf(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Two databases side by side on one server, each migrated by `node ace migration:run`: the
 * figures of one table with a million sent rows and of an empty one come from the same run,
 * round after round, instead of from two runs on two days. The app is booted on the full one;
 * the empty one gets a Lucid instance of its own with the same connection settings.
 */
export async function openBenchDatabases(adminUrl: string): Promise<BenchDatabases> {
  const names = Object.values(DATABASES)
  const drops = names.map((name) => `drop database if exists ${name} with (force)`)
  await onServer(adminUrl, [...drops, ...names.map((name) => `create database ${name}`)])
  const urls = { empty: urlOf(adminUrl, DATABASES.empty), full: urlOf(adminUrl, DATABASES.full) }
  Object.assign(process.env, {
    NODE_ENV: 'production',
    APP_KEY: 'bench-key-bench-key-bench-key-bench-key',
    LOG_LEVEL: 'warn',
    DB_CONNECTION: 'pg',
    DATABASE_URL: urls.full,
    OUTBOX_RELAY: 'off',
  })
  let app: ApplicationService
  try {
    for (const url of Object.values(urls)) {
      execFileSync(process.execPath, ['ace', 'migration:run', '--force'], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url },
        stdio: 'pipe',
      })
    }
    app = await bootApp()
  } catch (error) {
    await onServer(adminUrl, drops)
    throw error
  }
  const full = await app.container.make('lucid.db')
  const config = app.config.get<DatabaseConfig>('database')
  const pg = config.connections.pg as PostgreConfig
  const connection =
    typeof pg.connection === 'object'
      ? { ...pg.connection, connectionString: urls.empty }
      : urls.empty
  const empty = new Database(
    { connection: 'pg', connections: { pg: { ...pg, connection } } },
    await app.container.make('logger'),
    await app.container.make('emitter')
  )
  return {
    app,
    db: { empty, full },
    urls,
    async close() {
      await empty.manager.closeAll()
      await app.terminate()
      await onServer(adminUrl, drops)
    },
  }
}
