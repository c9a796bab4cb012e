import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { onServer } from '../postgres.js'
import type { ApplicationService } from '@adonisjs/core/types'
import type { Database } from '@adonisjs/lucid/database'

const ROOT = join(import.meta.dirname, '../..')
/** The only database this benchmark creates or drops on the shared server. */
const DATABASE = 'pantheon_bench_messaging'

export interface BenchApp {
  app: ApplicationService
  db: Database
  /** Closes the app's connections and drops the database. */
  close(): Promise<void>
}

export async function bootApp(): Promise<ApplicationService> {
  await import('reflect-metadata')
  const { Ignitor } = await import('@adonisjs/core')
  const { APP_ROOT, appImporter } = await import('../../bin/_importer.js')
  const app = new Ignitor(APP_ROOT, { importer: appImporter })
    .tap((created) => created.booting(async () => void (await import('#start/env'))))
    .createApp('console')
  await app.init()
  await app.boot()
  return app
}

/**
 * The app booted in this process (console environment, as `node ace` boots it) on a fresh
 * PostgreSQL database migrated by `node ace migration:run`: the benchmark then uses the app's
 * own Lucid instance, configuration and Redis connection. Its relay is not started: the
 * benchmark builds the relays it measures.
 */
export async function bootOnFreshDatabase(adminUrl: string): Promise<BenchApp> {
  const url = new URL(adminUrl)
  url.pathname = `/${DATABASE}`
  const drop = `drop database if exists ${DATABASE} with (force)`
  await onServer(adminUrl, [drop, `create database ${DATABASE}`])
  Object.assign(process.env, {
    NODE_ENV: 'production',
    APP_KEY: 'bench-key-bench-key-bench-key-bench-key',
    // Past the machine's limit knex warns of every connection it could not acquire, thousands of
    // lines: the report counts those failures instead.
    LOG_LEVEL: 'error',
    DB_CONNECTION: 'pg',
    DATABASE_URL: url.toString(),
    OUTBOX_RELAY: 'off',
  })
  let app: ApplicationService
  try {
    execFileSync(process.execPath, ['ace', 'migration:run', '--force'], {
      cwd: ROOT,
      env: process.env,
      stdio: 'pipe',
    })
    app = await bootApp()
  } catch (error) {
    await onServer(adminUrl, [drop])
    throw error
  }
  const db = await app.container.make('lucid.db')
  return {
    app,
    db,
    async close() {
      await app.terminate()
      await onServer(adminUrl, [drop])
    },
  }
}
