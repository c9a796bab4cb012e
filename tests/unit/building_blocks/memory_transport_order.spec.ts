import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { randomUUID } from 'node:crypto'
import { MemoryTransport, type IntegrationEvent } from '@pantheon/kit/messaging'

const TYPE = 'stock.item_moved'

function moved(item: string, step: number): IntegrationEvent<unknown> {
  return {
    eventId: randomUUID(),
    type: TYPE,
    version: 1,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { id: item, step },
  }
}

/** A consumer that records when each delivery starts and ends, slow on the events it is told. */
function recordingConsumer(slow: (payload: { id: string; step: number }) => number) {
  const log: string[] = []
  const deliver = async (event: IntegrationEvent<unknown>) => {
    const payload = event.payload as { id: string; step: number }
    const name = `${payload.id}${payload.step}`
    log.push(`start ${name}`)
    await sleep(slow(payload))
    if (payload.step < 0) throw new Error(`${name} failed`)
    log.push(`end ${name}`)
  }
  return {
    log,
    subscription: { type: TYPE, version: 1, consumer: 'stock.Mover', module: 'stock', deliver },
  }
}

test.group('Memory transport: a batch applied side by side', () => {
  test('events about one aggregate are applied in order; others do not wait for them', async ({
    assert,
  }) => {
    const transport = new MemoryTransport()
    const { log, subscription } = recordingConsumer(({ id, step }) =>
      id === 'a' && step === 1 ? 60 : 5
    )
    transport.subscribe(subscription)

    await Promise.all(
      [moved('a', 1), moved('a', 2), moved('b', 1)].map((e) => transport.publish(e))
    )

    assert.isBelow(log.indexOf('end a1'), log.indexOf('start a2'), 'a2 waited for a1')
    assert.isBelow(log.indexOf('end b1'), log.indexOf('end a1'), 'b1 did not wait for a1')
  })

  test('a failed delivery fails its publish, and the next event about the aggregate still goes', async ({
    assert,
  }) => {
    const transport = new MemoryTransport()
    const { log, subscription } = recordingConsumer(() => 5)
    transport.subscribe(subscription)

    const [first, second] = await Promise.allSettled([
      transport.publish(moved('a', -1)),
      transport.publish(moved('a', 2)),
    ])

    assert.equal(first.status, 'rejected')
    assert.include((first as PromiseRejectedResult).reason.message, 'stock.Mover: a-1 failed')
    assert.equal(second.status, 'fulfilled')
    assert.deepEqual(log, ['start a-1', 'start a2', 'end a2'])
  })

  test('{concurrency} deliveries at most at once, however large the batch')
    .with([
      { concurrency: undefined, expected: 64 },
      { concurrency: 2, expected: 2 },
    ])
    .run(async ({ assert }, { concurrency, expected }) => {
      const transport = new MemoryTransport(concurrency ? { concurrency } : {})
      let running = 0
      let most = 0
      transport.subscribe({
        type: TYPE,
        version: 1,
        consumer: 'stock.Counter',
        module: 'stock',
        deliver: async () => {
          most = Math.max(most, ++running)
          await sleep(5)
          running -= 1
        },
      })
      const items = Array.from({ length: 80 }, (_, n) => moved(`item-${n}`, 1))
      await Promise.all(items.map((event) => transport.publish(event)))
      assert.equal(most, expected)
    })

  test('the relay hands it whole batches', ({ assert }) => {
    assert.isTrue(new MemoryTransport().publishesConcurrently)
  })
})
