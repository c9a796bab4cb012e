import { test } from '@japa/runner'
import { createRequire } from 'node:module'
import { cachePreparedStatements } from '@pantheon/kit/persistence'

interface Statement {
  safeIntegers(toggle?: boolean): Statement
  get(...bindings: unknown[]): Record<string, unknown>
  run(): unknown
}
interface Connection {
  prepare(sql: string): Statement
  close(): void
}

const Database = createRequire(import.meta.url)('better-sqlite3') as new (
  file: string
) => Connection

test.group('SQLite statement cache', (group) => {
  let connection: Connection
  group.each.setup(() => {
    connection = new Database(':memory:')
    return () => connection.close()
  })

  test('hands out one statement per SQL text, run again with other bindings', ({ assert }) => {
    cachePreparedStatements(connection)
    const first = connection.prepare('select ? + 1 as answer')
    const again = connection.prepare('select ? + 1 as answer')
    assert.strictEqual(again, first)
    assert.deepEqual(first.get(1), { answer: 2 })
    assert.deepEqual(again.get(41), { answer: 42 })
    assert.notStrictEqual(connection.prepare('select 2 as answer'), first)
  })

  test('drops the least recently used statement past its size', ({ assert }) => {
    cachePreparedStatements(connection, 2)
    const one = connection.prepare('select 1')
    const two = connection.prepare('select 2')
    assert.strictEqual(connection.prepare('select 1'), one)
    connection.prepare('select 3')
    assert.strictEqual(connection.prepare('select 1'), one)
    assert.notStrictEqual(connection.prepare('select 2'), two)
  })

  test('a statement given again starts without the safe integers an earlier query asked for', ({
    assert,
  }) => {
    cachePreparedStatements(connection)
    const sql = 'select 9007199254740993 as big'
    const asked = connection.prepare(sql)
    asked.safeIntegers(true)
    assert.typeOf(asked.get().big, 'bigint')
    assert.typeOf(connection.prepare(sql).get().big, 'number')
  })

  test('SQLite re-prepares a kept statement after the schema changes', ({ assert }) => {
    cachePreparedStatements(connection)
    connection.prepare('create table items (name text)').run()
    connection.prepare("insert into items values ('pen')").run()
    assert.deepEqual(connection.prepare('select * from items').get(), { name: 'pen' })
    connection.prepare('alter table items add column price real default 1.5').run()
    assert.deepEqual(connection.prepare('select * from items').get(), { name: 'pen', price: 1.5 })
  })
})
