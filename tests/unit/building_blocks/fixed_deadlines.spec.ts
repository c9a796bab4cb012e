import { test } from '@japa/runner'
import { FixedDeadlines } from '@pantheon/kit/application'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const pendingTimers = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

test.group('Fixed deadlines', () => {
  test('each deadline expires once, after its own length from when it was set, in order', async ({
    assert,
  }) => {
    const deadlines = new FixedDeadlines(80)
    const expired: Array<{ name: string; after: number }> = []
    const started = performance.now()
    const watch = (name: string) => {
      const setAt = performance.now()
      deadlines.set(() => expired.push({ name, after: performance.now() - setAt }))
    }
    watch('first')
    await sleep(30)
    watch('second')
    await sleep(30)
    watch('third')

    await sleep(200)
    assert.deepEqual(
      expired.map(({ name }) => name),
      ['first', 'second', 'third']
    )
    for (const { after } of expired) {
      // Never early (1 ms of clock rounding), and not held back by the deadline before it.
      assert.isAtLeast(after, 79)
      assert.isBelow(after, 80 + 60)
    }
    assert.isAtLeast(performance.now() - started, 60 + 80)
  })

  test('a cleared deadline never expires, the others still do', async ({ assert }) => {
    const deadlines = new FixedDeadlines(40)
    const expired: string[] = []
    const first = deadlines.set(() => expired.push('first'))
    deadlines.set(() => expired.push('second'))
    deadlines.clear(first)
    await sleep(100)
    assert.deepEqual(expired, ['second'])
  })

  test('clearing the oldest, a middle or the newest deadline leaves the others in order', async ({
    assert,
  }) => {
    const deadlines = new FixedDeadlines(40)
    const expired: string[] = []
    const set = (name: string) => deadlines.set(() => expired.push(name))
    const first = set('first')
    set('second')
    const third = set('third')
    set('fourth')
    const fifth = set('fifth')
    deadlines.clear(third)
    deadlines.clear(first)
    deadlines.clear(fifth)
    set('sixth')
    await sleep(100)
    assert.deepEqual(expired, ['second', 'fourth', 'sixth'])
  })

  test('clearing a deadline twice, or after it expired, changes nothing', async ({ assert }) => {
    const deadlines = new FixedDeadlines(30)
    const expired: string[] = []
    const early = deadlines.set(() => expired.push('early'))
    await sleep(60)
    deadlines.clear(early)
    const second = deadlines.set(() => expired.push('second'))
    deadlines.set(() => expired.push('third'))
    deadlines.clear(second)
    deadlines.clear(second)
    await sleep(80)
    assert.deepEqual(expired, ['early', 'third'])
  })

  test('holds no timer while nothing is pending, so it never keeps a process open', async ({
    assert,
  }) => {
    const before = pendingTimers()
    const deadlines = new FixedDeadlines(60_000)
    const one = deadlines.set(() => {})
    const two = deadlines.set(() => {})
    assert.equal(pendingTimers(), before + 1)
    deadlines.clear(one)
    assert.equal(pendingTimers(), before + 1)
    deadlines.clear(two)
    assert.equal(pendingTimers(), before)

    // Pending again: the process is held until this one is done.
    const three = deadlines.set(() => {})
    assert.equal(pendingTimers(), before + 1)
    deadlines.clear(three)
    assert.equal(pendingTimers(), before)
  })

  test('a deadline set after an earlier one was cleared still expires on time', async ({
    assert,
  }) => {
    const deadlines = new FixedDeadlines(60)
    deadlines.clear(deadlines.set(() => assert.fail('cleared')))
    await sleep(40)
    const setAt = performance.now()
    let after = 0
    deadlines.set(() => (after = performance.now() - setAt))
    await sleep(150)
    assert.isAtLeast(after, 59)
    assert.isBelow(after, 60 + 40)
  })
})
