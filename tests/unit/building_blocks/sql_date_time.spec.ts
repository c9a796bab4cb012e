import { test } from '@japa/runner'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  fromSqlDate,
  fromSqlDateTime,
  fromSqlJson,
  toSqlDate,
  toSqlDateTime,
  toSqlJson,
} from '@pantheon/kit/persistence'

const clientOf = (name: string, dateTimeFormat: string) =>
  ({ dialect: { name, dateTimeFormat } }) as unknown as QueryClientContract
const sqlite = clientOf('better-sqlite3', 'yyyy-MM-dd HH:mm:ss')
const postgres = clientOf('postgres', "yyyy-MM-dd'T'HH:mm:ss.SSSZZ")

const instants = [
  new Date('2026-01-02T23:04:05.006Z'),
  new Date('1999-12-31T23:59:59.999Z'),
  new Date(0),
]

test.group('SQL values', () => {
  test('datetimes are written as UTC text on SQLite and with a +00:00 offset on PostgreSQL', ({
    assert,
  }) => {
    for (const instant of instants) {
      assert.equal(toSqlDateTime(sqlite, instant), instant.toISOString())
      assert.equal(toSqlDateTime(postgres, instant), instant.toISOString().replace('Z', '+00:00'))
      assert.equal(fromSqlDateTime(toSqlDateTime(sqlite, instant)).getTime(), instant.getTime())
    }
  })

  test('datetime text is read as UTC, the SQL form earlier versions wrote included', ({
    assert,
  }) => {
    const instant = instants[0]
    assert.equal(fromSqlDateTime(instant).getTime(), instant.getTime())
    assert.equal(fromSqlDateTime('2026-01-02 23:04:05').toISOString(), '2026-01-02T23:04:05.000Z')
  })

  test('dates keep their calendar date, from text or from a local-midnight Date', ({ assert }) => {
    const date = new Date('2026-01-15T00:00:00.000Z')
    assert.equal(toSqlDate(date), '2026-01-15')
    assert.equal(fromSqlDate('2026-01-15').getTime(), date.getTime())
    assert.equal(fromSqlDate(new Date(2026, 0, 15)).getTime(), date.getTime())
  })

  test('JSON is text, no value is SQL NULL, and a JSON string stays a string', ({ assert }) => {
    assert.isNull(toSqlJson(null))
    assert.isNull(toSqlJson(undefined))
    assert.equal(toSqlJson('a'), '"a"')
    assert.deepEqual(fromSqlJson(sqlite, '{"a":[1,null]}'), { a: [1, null] })
    assert.equal(fromSqlJson(sqlite, '"a"'), 'a')
    assert.equal(fromSqlJson(postgres, 'a'), 'a')
    assert.isNull(fromSqlJson(sqlite, null))
  })
})
