import type { ApplicationService } from '@adonisjs/core/types'
import type { Database } from '@adonisjs/lucid/database'
import { pantheonConfig } from './pantheon_config.js'
import { DEFAULT_STARTUP_RETRY, retryAtStart, type StartupRetryPolicy } from './startup_retry.js'

/** The start-up policy with the app's STARTUP_TIMEOUT_MS (config/pantheon.ts), if it sets one. */
function startupRetry(app: ApplicationService): StartupRetryPolicy {
  const totalMs = pantheonConfig(app).startupTimeoutMs ?? DEFAULT_STARTUP_RETRY.totalMs
  return { ...DEFAULT_STARTUP_RETRY, totalMs }
}

/**
 * The web host does not listen before its database answers: a database started alongside it
 * (Compose, a restarting server) is waited for with capped backoff; one that stays away past
 * STARTUP_TIMEOUT_MS fails the start (bin/server.ts prints the error and exits with code 1).
 * Each try is bounded by the driver's connection timeout (config/database.ts).
 */
export async function waitForDatabase(app: ApplicationService): Promise<void> {
  const db: Database = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  const name = db.primaryConnectionName
  await retryAtStart(
    `The database (connection "${name}")`,
    () => db.connection(name).rawQuery('SELECT 1'),
    startupRetry(app),
    (error, delayMs) =>
      logger.warn({ err: error }, 'the database does not answer yet; next try in %d ms', delayMs)
  )
}
