import type { Database } from '@adonisjs/lucid/database'
import { recoverSqliteStorage } from '../building_blocks/infrastructure/persistence/sqlite_storage_recovery.js'
import { storageHealth } from '../building_blocks/infrastructure/persistence/storage_health.js'

/**
 * On every write refused for lack of space, gives the space the database can give back
 * (SQLite: its write-ahead log checkpointed and truncated), one recovery at a time: hundreds of
 * refused writes in a burst start one. Returns the function that stops listening.
 */
export function recoverStorageWhenFull(db: Database): () => void {
  let running: Promise<unknown> | undefined
  return storageHealth.onFull(() => {
    running ??= recoverSqliteStorage(db).finally(() => (running = undefined))
  })
}
