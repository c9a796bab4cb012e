import { test } from '@japa/runner'
import { LinkedEntries, type LinkedEntry } from '#kit/building_blocks/application/linked_entries'

interface Named extends LinkedEntry<Named> {
  name: string
}

const named = (name: string): Named => ({ name, older: undefined, newer: undefined, linked: false })

function drained(entries: LinkedEntries<Named>): string[] {
  const names: string[] = []
  entries.drain((entry) => names.push(entry.name))
  return names
}

test.group('Linked entries', () => {
  test('removing the oldest, a middle or the newest entry leaves the others in order', ({
    assert,
  }) => {
    const entries = new LinkedEntries<Named>()
    const [first, , third, , fifth] = ['first', 'second', 'third', 'fourth', 'fifth'].map((name) =>
      entries.add(named(name))
    )
    entries.remove(third)
    entries.remove(first)
    entries.remove(fifth)
    entries.add(named('sixth'))
    assert.equal(entries.oldest?.name, 'second')
    assert.deepEqual(drained(entries), ['second', 'fourth', 'sixth'])
    assert.isTrue(entries.isEmpty)
  })

  test('a removed entry keeps no neighbour, and removing it again changes nothing', ({
    assert,
  }) => {
    const entries = new LinkedEntries<Named>()
    entries.add(named('before'))
    const middle = entries.add(named('middle'))
    entries.add(named('after'))
    entries.remove(middle)
    assert.isFalse(middle.linked)
    assert.isUndefined(middle.older)
    assert.isUndefined(middle.newer)
    entries.remove(middle)
    assert.deepEqual(drained(entries), ['before', 'after'])
  })

  test('draining hands every entry over once, and entries added after start a new list', ({
    assert,
  }) => {
    const entries = new LinkedEntries<Named>()
    entries.add(named('one'))
    entries.add(named('two'))
    assert.deepEqual(drained(entries), ['one', 'two'])
    assert.deepEqual(drained(entries), [])
    entries.add(named('three'))
    assert.deepEqual(drained(entries), ['three'])
  })
})
