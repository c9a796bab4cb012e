import { test } from '@japa/runner'
import { once } from 'node:events'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { FixedDeadlines } from '@pantheon/kit/application'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const pendingTimers = () =>
  process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length

test.group('Fixed deadlines', () => {
  test('each deadline expires once, after its own length from when it was set, in order', async ({
    assert,
  }) => {
    const deadlines = new FixedDeadlines(200)
    const expired: Array<{ name: string; setAt: number; at: number }> = []
    const watch = (name: string) => {
      const setAt = performance.now()
      deadlines.set(() => expired.push({ name, setAt, at: performance.now() }))
    }
    watch('first')
    await sleep(30)
    watch('second')
    await sleep(30)
    watch('third')

    const waitUntil = performance.now() + 5_000
    while (expired.length < 3 && performance.now() < waitUntil) await sleep(10)
    assert.deepEqual(
      expired.map(({ name }) => name),
      ['first', 'second', 'third']
    )
    // Never early (1 ms of clock rounding).
    for (const { setAt, at } of expired) assert.isAtLeast(at - setAt, 199)
    // Not held back by the deadline before it: each expires about as long after the one before
    // it as it was set after it (30 ms), where a timer armed anew for the whole length would
    // make it 200 ms. Measured between expiries, so that a busy machine, which delays every
    // timer alike, does not decide it.
    for (const [index, deadline] of expired.entries()) {
      if (index === 0) continue
      const before = expired[index - 1]
      assert.isBelow(deadline.at - before.at, deadline.setAt - before.setAt + 100)
    }
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
    const expired: string[] = []
    let after = 0
    deadlines.set(() => {
      after = performance.now() - setAt
      expired.push('deadline')
    })
    // Judged against a timer set at the same moment, not a clock: a busy machine delays both,
    // and Node runs expired timers in the order they fall due. Its entry is deferred past the
    // loop's I/O the way a deadline's decision is.
    setTimeout(() => setImmediate(() => expired.push('a timer due 15 ms after it')), 60 + 15)
    await sleep(200)
    assert.isAtLeast(after, 59)
    assert.deepEqual(expired, ['deadline', 'a timer due 15 ms after it'])
  })

  test('an answer that came in while the process was held wins over its deadline', async ({
    assert,
    cleanup,
  }) => {
    const [ours, theirs] = await loopbackPair()
    cleanup(() => void (ours.destroy(), theirs.destroy()))
    const deadlines = new FixedDeadlines(50)
    const outcome: string[] = []
    const deadline = deadlines.set(() => outcome.push('expired'))
    ours.once('data', () => {
      deadlines.clear(deadline)
      outcome.push('answered')
    })
    // The answer is in the socket's buffer within a millisecond, while the process is held
    // four times the deadline's length by synchronous work, as on a machine whose cores are
    // taken: Node then runs the due timer before it reads the socket.
    theirs.write('answer')
    const heldUntil = performance.now() + 200
    while (performance.now() < heldUntil);
    await sleep(100)
    assert.deepEqual(outcome, ['answered'])
  })
})

/** Two ends of a TCP connection on the loopback interface. */
async function loopbackPair(): Promise<[Socket, Socket]> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const accepted = once(server, 'connection')
  const ours = connect((server.address() as AddressInfo).port, '127.0.0.1')
  await once(ours, 'connect')
  const [theirs] = (await accepted) as [Socket]
  server.close()
  return [ours, theirs]
}
