import { test } from '@japa/runner'
import {
  compareIds,
  idAfter,
  smallestId,
} from '#kit/building_blocks/infrastructure/messaging/redis_stream_ids'

test.group('Redis stream ids', () => {
  test('compares by time, then sequence, as numbers rather than text', ({ assert }) => {
    assert.equal(compareIds('9-0', '10-0'), -1)
    assert.equal(compareIds('10-2', '10-10'), -1)
    assert.equal(compareIds('10-10', '10-2'), 1)
    assert.equal(compareIds('1700000000000-5', '1700000000000-5'), 0)
    assert.equal(smallestId(['10-0', '9-7', '9-10']), '9-7')
  })

  test('the id after one is the next sequence of the same millisecond', ({ assert }) => {
    assert.equal(idAfter('0-0'), '0-1')
    assert.equal(idAfter('1700000000000-9'), '1700000000000-10')
    assert.equal(idAfter('1-18446744073709551614'), '1-18446744073709551615')
  })
})
