import { test } from '@japa/runner'
import { version, validate } from 'uuid'
import { timeOrderedId } from '#kit/building_blocks/domain/time_ordered_id'

/** The Unix time in milliseconds a version 7 UUID carries in its first 48 bits. */
function millisecondsOf(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)
}

test.group('Time-ordered ids', () => {
  test('each id sorts after the one before, many per millisecond and across pool refills', ({
    assert,
  }) => {
    const before = Date.now()
    // Far more than one pool (256 ids) and than one millisecond holds.
    const ids = Array.from({ length: 20_000 }, () => timeOrderedId())
    const after = Date.now()

    const outOfOrder = ids.filter((id, index) => index > 0 && id <= ids[index - 1])
    assert.deepEqual(outOfOrder, [])
    assert.equal(new Set(ids).size, ids.length)
    assert.isTrue(ids.every((id) => validate(id) && version(id) === 7))
    assert.isAtLeast(millisecondsOf(ids[0]), before)
    assert.isAtMost(millisecondsOf(ids.at(-1)!), after)
  })

  test('ids made in one millisecond differ in their random part, not only in the sequence', ({
    assert,
  }) => {
    const ids = Array.from({ length: 600 }, () => timeOrderedId())
    const randomParts = new Set(ids.map((id) => id.slice(-10)))
    assert.equal(randomParts.size, ids.length)
  })
})
