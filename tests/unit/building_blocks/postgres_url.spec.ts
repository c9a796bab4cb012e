import { test } from '@japa/runner'
import {
  DEFAULT_POSTGRES_BOUNDS,
  postgresConnection,
  postgresUrlOf,
} from '#kit/building_blocks/infrastructure/persistence/postgres_bounds'

/*
 * Relays LISTEN for commits on the URL of their connection. config/database.ts gives PostgreSQL
 * settings as the object postgresConnection makes; read as a plain string only, that object
 * gave no URL, and a relay in its own process (`node ace outbox:relay`) heard no commit and
 * waited for its next poll.
 */
test.group('The URL of a PostgreSQL connection', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/shop'

  test('comes from the settings config/database.ts makes, bounded or not', ({ assert }) => {
    assert.equal(
      postgresUrlOf({ client: 'pg', connection: postgresConnection(url, DEFAULT_POSTGRES_BOUNDS) }),
      url
    )
    assert.equal(
      postgresUrlOf({ client: 'pg', connection: postgresConnection(url, undefined) }),
      url
    )
    assert.equal(postgresUrlOf({ client: 'pg', connection: url }), url)
  })

  test('is none for another database, or settings given field by field', ({ assert }) => {
    assert.isUndefined(postgresUrlOf({ client: 'better-sqlite3', connection: { filename: url } }))
    assert.isUndefined(postgresUrlOf({ client: 'pg', connection: { host: '127.0.0.1' } }))
    assert.isUndefined(postgresUrlOf(undefined))
  })
})
