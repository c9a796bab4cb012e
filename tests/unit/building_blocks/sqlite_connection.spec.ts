import { test } from '@japa/runner'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { configureSqliteConnection } from '@pantheon/kit/persistence'

interface Connection {
  prepare(sql: string): {
    run(): unknown
    get(): Record<string, unknown>
    safeIntegers(toggle?: boolean): unknown
  }
  pragma(sql: string, options?: { simple: boolean }): unknown
  close(): void
}

const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string,
  options?: { timeout: number }
) => Connection

/*
 * Two connections to one file stand for two processes. A transaction knex begins with `BEGIN;`
 * must hold the write lock from its start: a second writer then cannot get in between its read
 * and its write (which, deferred, ended in "database is locked" for the first).
 */
test.group('SQLite connection set-up', (group) => {
  let folder: string
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'pantheon-sqlite-'))
    return () => rmSync(folder, { recursive: true, force: true })
  })

  test("knex's BEGIN takes the write lock at once, and the journal is write-ahead", ({
    assert,
  }) => {
    const file = join(folder, 'shared.sqlite3')
    const first = new Database(file)
    const second = new Database(file, { timeout: 0 })
    try {
      configureSqliteConnection(first)
      first.prepare('create table counters (n integer)').run()
      assert.equal(first.pragma('journal_mode', { simple: true }), 'wal')

      first.prepare('BEGIN;').run()
      first.prepare('select count(*) as n from counters').get()
      assert.throws(
        () => second.prepare('insert into counters values (1)').run(),
        /database is locked/,
        'the other writer waits for the transaction'
      )
      first.prepare('insert into counters values (2)').run()
      first.prepare('COMMIT;').run()
      second.prepare('insert into counters values (3)').run()
      assert.equal(first.prepare('select count(*) as n from counters').get().n, 2)
    } finally {
      first.close()
      second.close()
    }
  })

  test('other statements are left as they are', ({ assert }) => {
    const connection = new Database(join(folder, 'plain.sqlite3'))
    try {
      configureSqliteConnection(connection)
      connection.prepare('BEGIN TRANSACTION;').run()
      connection.prepare('create table notes (text varchar)').run()
      connection.prepare('COMMIT;').run()
      assert.deepEqual(connection.prepare("select 'BEGIN;' as text").get(), { text: 'BEGIN;' })
    } finally {
      connection.close()
    }
  })
})
