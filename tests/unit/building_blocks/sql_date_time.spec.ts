import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { fromSqlDateTime, toSqlDateTime } from '@pantheon/kit/persistence'

/** What a Lucid model's `@column.dateTime` writes: the reference these helpers must match. */
const modelWrites = (instant: Date, format: string) =>
  DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(format)
const clientWith = (dateTimeFormat: string) =>
  ({ dialect: { dateTimeFormat } }) as unknown as QueryClientContract

const instants = [
  new Date('2026-01-02T03:04:05.006Z'),
  new Date('1999-12-31T23:59:59.999Z'),
  new Date(0),
]

test.group('SQL datetimes', () => {
  test('writes the text a Lucid model writes, for {$self}')
    .with(['yyyy-MM-dd HH:mm:ss', "yyyy-MM-dd'T'HH:mm:ss.SSSZZ", 'yyyy-MM-dd HH:mm:ss.SSS'])
    .run(({ assert }, format) => {
      for (const instant of instants) {
        assert.equal(toSqlDateTime(clientWith(format), instant), modelWrites(instant, format))
      }
    })

  test('reads what a Lucid model reads: a Date as is, SQL text in the process zone', ({
    assert,
  }) => {
    const instant = instants[0]
    assert.equal(fromSqlDateTime(instant).getTime(), instant.getTime())
    assert.equal(
      fromSqlDateTime('2026-01-02 03:04:05').getTime(),
      DateTime.fromSQL('2026-01-02 03:04:05').toMillis()
    )
  })
})
