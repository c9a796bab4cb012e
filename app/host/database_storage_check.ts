import { BaseCheck, Result } from '@adonisjs/core/health'
import type { Database } from '@adonisjs/lucid/database'
import { recoverSqliteStorage } from '../building_blocks/infrastructure/persistence/sqlite_storage_recovery.js'
import { storageHealth } from '../building_blocks/infrastructure/persistence/storage_health.js'

/**
 * How long readiness stays 503 after a write refused for lack of space when the host cannot
 * look at the disk itself (PostgreSQL's is the server's): long enough for a load balancer to
 * send writes elsewhere, short enough to try this host again. A write refused again restarts it.
 */
const REMOTE_STORAGE_PAUSE_MS = 30_000

/**
 * Readiness of the database's storage: not ready once a write was refused for lack of space,
 * until a write succeeds again. On SQLite the check itself recovers (checkpoint and truncate of
 * the write-ahead log) and turns ready once the disk has room; elsewhere it turns ready
 * REMOTE_STORAGE_PAUSE_MS after the last refused write.
 */
export class DatabaseStorageCheck extends BaseCheck {
  name = 'Database storage'

  constructor(private readonly db: Database) {
    super()
  }

  async run() {
    const fullSince = storageHealth.fullSince
    if (!fullSince) return Result.ok('the last write was stored')
    const room = await recoverSqliteStorage(this.db)
    if (
      room === true ||
      (room === undefined && storageHealth.sinceLastRefusalMs > REMOTE_STORAGE_PAUSE_MS)
    ) {
      storageHealth.reportWritten()
      return Result.ok('room for writes again')
    }
    return Result.failed(
      `The database has had no room for writes since ${fullSince.toISOString()}: free space on its disk`
    )
  }
}
