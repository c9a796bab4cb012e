import { test } from '@japa/runner'
import type { IntegrationEvent } from '@pantheon/kit/integration'
import { DeliveryBatches } from '#kit/building_blocks/infrastructure/messaging/delivery_batches'

const event = (eventId: string) => ({ eventId }) as IntegrationEvent<unknown>

/** What each transaction applied, in order: one entry per call, alone or together. */
function recorder(
  fail: {
    together?: (eventIds: string[]) => Error | undefined
    alone?: (eventId: string) => Error | undefined
  } = {}
) {
  const transactions: string[][] = []
  let release: () => void = () => {}
  const batches = new DeliveryBatches({
    maxBatch: 3,
    applyAlone: async ({ eventId }) => {
      transactions.push([eventId])
      // The first transaction stays open until the test lets it go, as a busy database would.
      if (transactions.length === 1) await new Promise<void>((resolve) => (release = resolve))
      const error = fail.alone?.(eventId)
      if (error) throw error
    },
    applyTogether: async (events) => {
      const eventIds = events.map(({ eventId }) => eventId)
      transactions.push(eventIds)
      const error = fail.together?.(eventIds)
      if (error) throw error
    },
  })
  return { batches, transactions, release: () => release() }
}

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'applied',
    (error: Error) => error.message
  )

test.group('Delivery batches (group commit of one consumer)', () => {
  test('an event alone goes at once; those arriving meanwhile go together, in order, a batch at most', async ({
    assert,
  }) => {
    const { batches, transactions, release } = recorder()
    const outcomes = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => outcome(batches.deliver(event(id))))
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(transactions, [['a']])
    release()
    assert.deepEqual(await Promise.all(outcomes), Array(6).fill('applied'))
    assert.deepEqual(transactions, [['a'], ['b', 'c', 'd'], ['e', 'f']])
  })

  test('a failed batch is applied again one event at a time, each with its own outcome', async ({
    assert,
  }) => {
    const { batches, transactions, release } = recorder({
      together: () => new Error('a constraint failed'),
      alone: (eventId) => (eventId === 'c' ? new Error('c is refused') : undefined),
    })
    const outcomes = ['a', 'b', 'c', 'd'].map((id) => outcome(batches.deliver(event(id))))
    release()
    assert.deepEqual(await Promise.all(outcomes), ['applied', 'applied', 'c is refused', 'applied'])
    assert.deepEqual(transactions, [['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']])
  })

  test('an event that failed alone is retried alone, and does not fail a batch again', async ({
    assert,
  }) => {
    const { batches, transactions, release } = recorder({
      together: (eventIds) =>
        eventIds.includes('bad') ? new Error('a batch with a failing event') : undefined,
      alone: (eventId) => (eventId === 'bad' ? new Error('bad is refused') : undefined),
    })
    const first = ['a', 'bad', 'b'].map((id) => outcome(batches.deliver(event(id))))
    release()
    assert.deepEqual(await Promise.all(first), ['applied', 'bad is refused', 'applied'])
    // The retry arrives with two other events while one is being applied.
    const retry = ['c', 'bad', 'd', 'e'].map((id) => outcome(batches.deliver(event(id))))
    assert.deepEqual(await Promise.all(retry), ['applied', 'bad is refused', 'applied', 'applied'])
    assert.deepEqual(transactions.slice(4), [['c'], ['d', 'e'], ['bad']])
  })

  test('an unreachable database fails the whole batch at once, not one event after another', async ({
    assert,
  }) => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const { batches, transactions, release } = recorder({ together: () => unreachable })
    const outcomes = ['a', 'b', 'c'].map((id) => outcome(batches.deliver(event(id))))
    release()
    assert.deepEqual(await Promise.all(outcomes), [
      'applied',
      unreachable.message,
      unreachable.message,
    ])
    assert.deepEqual(transactions, [['a'], ['b', 'c']])
  })

  test('deliveries after a quiet moment start a new transaction at once', async ({ assert }) => {
    const { batches, transactions, release } = recorder()
    release()
    const first = batches.deliver(event('a'))
    release()
    await first
    await batches.deliver(event('b'))
    assert.deepEqual(transactions, [['a'], ['b']])
  })
})
