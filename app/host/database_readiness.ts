import { setTimeout as sleep } from 'node:timers/promises'
import type { ApplicationService } from '@adonisjs/core/types'
import type { Database } from '@adonisjs/lucid/database'
import { exponentialBackoff } from '../building_blocks/infrastructure/resilience/backoff.js'
import { applyPendingMigrations } from '../building_blocks/infrastructure/persistence/apply_pending_migrations.js'
import { databaseGate } from '../building_blocks/infrastructure/persistence/database_gate.js'
import { connectionsInUse } from '../building_blocks/infrastructure/persistence/module_connections.js'
import { translateDatabaseUnavailable } from '../building_blocks/infrastructure/persistence/database_unavailable.js'
import { pantheonConfig } from './pantheon_config.js'

/** 0.25 s, 0.5 s, 1 s, 2 s, then every 5 s between tries, for as long as the host runs. */
const RETRY = { firstMs: 250, maxMs: 5_000 }

/** The longest the start waits for a healthy database before it listens anyway. */
const LISTEN_WITHIN_MS = 1_000

/**
 * The web host listens whatever its database does: samples and probes answer at once, while
 * the modules' database work waits behind the database gate (503 `Database.Unavailable`). In
 * the background the database is tried with capped backoff until it answers, its pending
 * migrations are applied (DB_AUTO_MIGRATE), and the gate opens: from then on modules use it,
 * with no restart. A database that answers at once is migrated before the host listens, as a
 * start always was; one that does not answer holds the start until its first try fails, at most
 * LISTEN_WITHIN_MS.
 * Returns a function that stops the tries (at shutdown).
 */
export async function prepareDatabase(app: ApplicationService): Promise<() => void> {
  const stopped = new AbortController()
  databaseGate.close('it has not answered since the start')
  let reached = false
  let decided!: () => void
  const startDecided = new Promise<void>((resolve) => (decided = resolve))
  untilReady(app, stopped.signal, {
    onReached: () => (reached = true),
    onSettled: () => decided(),
  }).catch((error) => {
    // Only making the logger or the database service can fail here, and the boot has made
    // both before: should it happen, the modules meet the database as it is.
    databaseGate.open()
    decided()
    process.emitWarning(error)
  })
  // A database being migrated is waited for however long that takes; a silent one for at most
  // LISTEN_WITHIN_MS.
  await Promise.race([
    startDecided,
    sleep(LISTEN_WITHIN_MS).then(() => (reached ? startDecided : undefined)),
  ])
  return () => stopped.abort()
}

interface Progress {
  /** The database answered; its migrations are next. */
  onReached: () => void
  /** The first try ended: the database is ready, or it failed. */
  onSettled: () => void
}

async function untilReady(app: ApplicationService, signal: AbortSignal, progress: Progress) {
  const db: Database = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  const backoff = exponentialBackoff(RETRY)
  for (let tries = 1; !signal.aborted; tries++) {
    // The default connection and each module's own (module_connections.ts): modules wait
    // until every one of them answers.
    let name = db.primaryConnectionName
    const failure = await migratedOrFailure(app, async () => {
      for (const connection of connectionsInUse(app)) {
        name = connection
        await db.connection(connection).rawQuery('SELECT 1')
      }
      progress.onReached()
    })
    if (failure) {
      databaseGate.close('it does not answer')
      const delay = backoff(tries)
      logger.warn(
        { err: failure },
        'the database (connection "%s") does not answer yet; next try in %d ms',
        name,
        delay
      )
      progress.onSettled()
      await sleep(delay, undefined, { signal }).catch(() => {})
      continue
    }
    databaseGate.open()
    if (tries > 1) logger.info('the database answers now; modules use it from here on')
    return progress.onSettled()
  }
}

/**
 * Reaches the database and applies its pending migrations (DB_AUTO_MIGRATE); the error when
 * the database could not be reached, for another try. A migration that fails on a database
 * that answers would fail the same way on the next try: it is logged, and the modules work
 * with the schema as it is.
 */
async function migratedOrFailure(
  app: ApplicationService,
  reach: () => Promise<unknown>
): Promise<unknown> {
  try {
    await reach()
  } catch (error) {
    return error
  }
  if (!pantheonConfig(app).autoMigrate) return undefined
  databaseGate.close('its pending migrations are being applied')
  try {
    await applyPendingMigrations(app)
  } catch (error) {
    if (translateDatabaseUnavailable(error)) return error
    const logger = await app.container.make('logger')
    logger.error({ err: error }, 'pending migrations could not be applied at start')
  }
  return undefined
}
