import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Database } from '@adonisjs/lucid/database'

/** Free space below which the SQLite disk still counts as full (a few commits' worth). */
const ROOM_BYTES = 1024 * 1024

/**
 * The log's size once a disk has filled: checkpointed every 64 pages (256 KB) instead of every
 * 1,000 (4 MB), and cut back to 256 KB after each checkpoint, so that it never again takes the
 * space the database file needs. Until the process restarts: a disk that filled once is small.
 */
const SMALL_DISK_PRAGMAS = ['wal_autocheckpoint = 64', 'journal_size_limit = 262144']

/**
 * What a SQLite host does when its disk filled: the write-ahead log, which only ever grows until
 * a checkpoint copies it into the database file (every 1,000 pages by default), is checkpointed
 * and truncated to nothing. On a disk smaller than the log would grow, that is what gives the
 * space back, and the log is kept small from then on (SMALL_DISK_PRAGMAS): without that, freeing
 * space let the log fill the disk again before any checkpoint. Answers whether the
 * disk has room again (the checkpoint went through and ROOM_BYTES are free), for readiness.
 * A no-op answering undefined on any other database.
 */
export async function recoverSqliteStorage(db: Database): Promise<boolean | undefined> {
  const name = db.primaryConnectionName
  const config = db.getRawConnection(name)?.config
  const filename = (config?.connection as { filename?: unknown } | undefined)?.filename
  if (config?.client !== 'better-sqlite3' || typeof filename !== 'string') return undefined
  try {
    // SQLite runs on one pooled connection (knex's pool of 1), so these reach the one in use.
    const client = db.connection(name)
    for (const pragma of SMALL_DISK_PRAGMAS) await client.rawQuery(`PRAGMA ${pragma}`)
    await client.rawQuery('PRAGMA wal_checkpoint(TRUNCATE)')
    const disk = await statfs(dirname(filename))
    return disk.bavail * disk.bsize >= ROOM_BYTES
  } catch {
    return false
  }
}
