import { test } from '@japa/runner'
import { testPortOf } from '#tests/common/test_ports'

/*
 * With TEST_PORT=6400 the auth end-to-end spec's PostgreSQL host took port 6566, which fetch
 * refuses to connect to: the host started and logged so, yet "did not start" two minutes later.
 */
test.group('Test ports', () => {
  test('a port is the offset above the base', ({ assert }) => {
    assert.equal(testPortOf(5100, 0), 5100)
    assert.equal(testPortOf(5100, 329), 5429)
  })

  test('an offset outside the span is refused', ({ assert }) => {
    assert.throws(() => testPortOf(5100, 330), 'port offset 330 is outside the test range 0..329')
    assert.throws(() => testPortOf(5100, -1), 'port offset -1 is outside the test range 0..329')
  })

  test('a port fetch refuses to connect to is refused, naming TEST_PORT', ({ assert }) => {
    assert.throws(
      () => testPortOf(6400, 166),
      'port 6566 (TEST_PORT 6400 + 166) is one that fetch refuses to connect to: choose another TEST_PORT'
    )
  })
})
