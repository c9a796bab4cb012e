import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { anEvent, redisClient } from './transport_harness.js'

/*
 * The relay publishes a whole batch at once: Redis gets it as one pipeline (one write on the
 * socket), and each event still has its own outcome.
 */

/** Counts the writes on the client's real socket while `work` runs; the writes still happen. */
async function countWrites(client: Redis, work: () => Promise<unknown>): Promise<number> {
  const socket = (client as unknown as { stream: NodeJS.WritableStream }).stream
  const write = socket.write
  let writes = 0
  socket.write = function (this: NodeJS.WritableStream, ...args: unknown[]) {
    writes += 1
    return (write as (...a: unknown[]) => boolean).apply(this, args)
  } as typeof socket.write
  try {
    await work()
  } finally {
    socket.write = write
  }
  return writes
}

test.group('Redis stream appends', (group) => {
  let client: Redis
  let prefix: string
  group.each.setup(async () => {
    client = await redisClient()
    prefix = `pantheon-test:${randomUUID().slice(0, 8)}:`
    return async () => {
      const keys = await client.keys(`${prefix}*`)
      if (keys.length > 0) await client.del(...keys)
    }
  })

  async function transport() {
    const { RedisStreamTransport } = await import('@pantheon/kit/messaging/redis')
    return new RedisStreamTransport(client, { streamPrefix: prefix })
  }

  test('the events published together reach Redis in one write, each stored, in order', async ({
    assert,
  }) => {
    const redis = await transport()
    // The stream's first publish looks up its consumer groups first; then it is only appends.
    await redis.publish(anEvent('appends.thing_created', { id: randomUUID(), n: 0 }))
    const events = Array.from({ length: 50 }, (_, n) =>
      anEvent('appends.thing_created', { id: randomUUID(), n: n + 1 })
    )

    const writes = await countWrites(client, () =>
      Promise.all(events.map((event) => redis.publish(event)))
    )

    assert.equal(writes, 1)
    const entries = await client.xrange(redis.streamOf('appends.thing_created'), '-', '+')
    const ids = entries.map(([, fields]) => fields[fields.indexOf('id') + 1])
    assert.deepEqual(
      ids.slice(1),
      events.map((event) => event.eventId)
    )
  })

  test('an append Redis refuses fails its own event only', async ({ assert }) => {
    const redis = await transport()
    const taken = 'appends.thing_renamed'
    // A plain string where the stream should be: Redis answers WRONGTYPE to that one XADD.
    await client.set(redis.streamOf(taken), 'not a stream')
    const fine = anEvent('appends.thing_created')

    const [refused, stored] = await Promise.allSettled([
      redis.publish(anEvent(taken)),
      redis.publish(fine),
    ])

    assert.equal(refused.status, 'rejected')
    assert.match(String((refused as PromiseRejectedResult).reason), /WRONGTYPE/)
    assert.equal(stored.status, 'fulfilled')
    assert.equal(await client.xlen(redis.streamOf('appends.thing_created')), 1)
  })
})
