import { test } from '@japa/runner'
import { DEFAULT_HANDLER_TIMEOUT_MS } from '#kit/building_blocks/application/pipeline/timeout_behavior'
import {
  DEFAULT_POSTGRES_BOUNDS,
  postgresBounds,
} from '#kit/building_blocks/infrastructure/persistence/postgres_bounds'

/*
 * A generated app's own tests on PostgreSQL, run while the machine's cores were taken, answered
 * its first registration 503: the 2 s a transaction may stay idle (the password is hashed inside
 * it) had passed. Tests and the development server give statements and transactions room for a
 * busy machine; the web host in production keeps the tight bounds, and a database that cannot be
 * reached fails as fast everywhere.
 */
test.group('PostgreSQL bounds per environment', () => {
  test('the web host answers within seconds of a database that says nothing', ({ assert }) => {
    assert.deepEqual(postgresBounds('web', 'production'), DEFAULT_POSTGRES_BOUNDS)
    // Only development is given room: a staging host is held to production's bounds.
    assert.deepEqual(postgresBounds('web', 'staging'), DEFAULT_POSTGRES_BOUNDS)
    assert.deepEqual(postgresBounds('web', undefined), DEFAULT_POSTGRES_BOUNDS)
    assert.isAtMost(DEFAULT_POSTGRES_BOUNDS.answerMs, 2500)
  })

  test('the development server gets the room tests get: it shares its machine too', ({
    assert,
  }) => {
    assert.deepEqual(postgresBounds('web', 'development'), postgresBounds('test'))
    assert.isAbove(postgresBounds('web', 'development')!.serverMs, DEFAULT_POSTGRES_BOUNDS.serverMs)
    assert.isUndefined(postgresBounds('console', 'development'))
  })

  test('tests give a statement room for a busy machine, and still end before the handler timeout', ({
    assert,
  }) => {
    const bounds = postgresBounds('test')!
    assert.isAtLeast(bounds.serverMs, 3 * DEFAULT_POSTGRES_BOUNDS.serverMs)
    assert.isAbove(bounds.answerMs, bounds.serverMs)
    assert.isBelow(bounds.answerMs, DEFAULT_HANDLER_TIMEOUT_MS)
  })

  test('in tests a database that cannot be reached fails as fast as on the web host', ({
    assert,
  }) => {
    assert.equal(postgresBounds('test')!.connectMs, DEFAULT_POSTGRES_BOUNDS.connectMs)
  })

  test('in tests a request waits for a pooled connection as long as another may hold one', ({
    assert,
  }) => {
    const bounds = postgresBounds('test')!
    assert.isAtLeast(bounds.acquireMs, bounds.serverMs)
    assert.isBelow(bounds.acquireMs, DEFAULT_HANDLER_TIMEOUT_MS)
    assert.equal(DEFAULT_POSTGRES_BOUNDS.acquireMs, DEFAULT_POSTGRES_BOUNDS.connectMs)
  })

  test('console commands are not bounded', ({ assert }) => {
    assert.isUndefined(postgresBounds('console'))
  })
})
