import { randomUUID } from 'node:crypto'
import type { Channel, TracingChannel } from 'node:diagnostics_channel'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { v7 as uuidv7 } from 'uuid'
import { Mediator, success } from '@pantheon/kit/application'
import { defineIntegrationEvent, type IntegrationEvent } from '@pantheon/kit/integration'
import {
  ConsumerRegistry,
  DEAD_LETTERS_TABLE,
  DeadLetterReplay,
  DeadLetters,
  INBOX_TABLE,
  MemoryTransport,
  onceThroughInbox,
  Outbox,
  OUTBOX_TABLE,
  OutboxRelay,
  retryingDelivery,
} from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import {
  consumerApplied,
  consumerDeliver,
  deadLetter,
  endpointRequest,
  inboxApply,
  inboxCheck,
  mediatorSend,
  outboxWrite,
  relayClaim,
  relayPass,
  relayPublish,
  unitOfWorkCommit,
  type ConsumerDeliverMessage,
  type DeadLetterMessage,
  type InboxMessage,
  type MediatorSendMessage,
  type OutboxWriteMessage,
  type RelayClaimMessage,
  type RelayPublishMessage,
} from '#kit/building_blocks/infrastructure/diagnostics/channels'
import { observedDelivery } from '#kit/building_blocks/infrastructure/messaging/observed_delivery'
import { observedRequests } from '#kit/building_blocks/infrastructure/diagnostics/observed_requests'
import { GetProductByIdQuery } from '#modules/catalog/application/queries/get_product_by_id/get_product_by_id_query'
import { pauseHostRelay } from '#tests/common/host_relay'

/*
 * The core publishes what it does on diagnostics channels, and the telemetry layer makes its
 * spans from them: each test subscribes to a channel as any tooling would and runs the real
 * operation against the test database.
 */
const PROBE = defineIntegrationEvent<{ n: number }>('tests.channel_probe', 1)
const CONSUMER = 'tests.ChannelProbeConsumer'
const STORED = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }
const FORWARDED = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01' }

/** What one tracing channel published: every message at `start`, as settled by `asyncEnd`. */
function record<M extends object>(
  channel: TracingChannel<unknown, M>,
  onStart: (message: M) => void = () => {}
) {
  const started: M[] = []
  const settled: (M & { result?: unknown; error?: unknown })[] = []
  const start = (message: unknown) => {
    started.push(message as M)
    onStart(message as M)
  }
  const asyncEnd = (message: unknown) => void settled.push(message as M)
  channel.start.subscribe(start)
  channel.asyncEnd.subscribe(asyncEnd)
  return {
    started,
    settled,
    stop: () => {
      channel.start.unsubscribe(start)
      channel.asyncEnd.unsubscribe(asyncEnd)
    },
  }
}

/** What one plain channel published. */
function recordPlain<M>(channel: Channel) {
  const messages: M[] = []
  const listener = (message: unknown) => void messages.push(message as M)
  channel.subscribe(listener)
  return { messages, stop: () => channel.unsubscribe(listener) }
}

function probeEvent(): IntegrationEvent<unknown> {
  return {
    eventId: uuidv7(),
    type: PROBE.type,
    version: PROBE.version,
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    payload: { n: 1 },
  }
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error('timed out waiting for the relay')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function publishProbe(): Promise<string> {
  const outbox = new Outbox(db)
  let id = ''
  await new LucidUnitOfWork(db).run(async () => {
    id = await outbox.publish(PROBE, { n: 1 })
    return success(true)
  })
  return id
}

test.group('Diagnostics channels', (group) => {
  // The probes are relayed by the tests' own relays, not the host's.
  group.setup(() => pauseHostRelay())
  group.each.setup(async () => {
    const clean = async () => {
      await db.from(OUTBOX_TABLE).where('type', PROBE.type).orWhereNot('status', 'sent').delete()
      await db.from(INBOX_TABLE).where('consumer', CONSUMER).delete()
      await db.from(DEAD_LETTERS_TABLE).where('consumer', CONSUMER).delete()
    }
    await clean()
    return clean
  })

  test('mediator.send carries the module, the message and its result', async ({
    assert,
    cleanup,
  }) => {
    const sends = record(mediatorSend)
    cleanup(sends.stop)
    const mediator = await app.container.make(Mediator)

    await mediator.query(new GetProductByIdQuery({ id: randomUUID() }))

    assert.lengthOf(sends.settled, 1)
    const [send] = sends.settled as MediatorSendMessage[]
    assert.containsSubset(send, { module: 'catalog', name: 'GetProductByIdQuery', kind: 'query' })
    assert.containsSubset(send.result, { ok: false, error: { kind: 'notFound' } })
  })

  test('outbox.write stores the trace context its subscriber gives, inside a commit', async ({
    assert,
    cleanup,
  }) => {
    const writes = record(outboxWrite, (message) => (message.traceContext = STORED))
    const commits = record(unitOfWorkCommit)
    cleanup(writes.stop)
    cleanup(commits.stop)

    const id = await publishProbe()

    assert.lengthOf(writes.settled, 1)
    assert.containsSubset(writes.settled[0] as OutboxWriteMessage, {
      module: 'tests',
      type: PROBE.type,
      version: PROBE.version,
      result: id,
    })
    assert.lengthOf(commits.settled, 1)
    const [row] = await db.from(OUTBOX_TABLE).where('id', id)
    assert.equal(row.traceparent, STORED.traceparent)
  })

  test('relay.pass, relay.claim and relay.publish carry the row, and the trace goes on', async ({
    assert,
    cleanup,
  }) => {
    const id = await publishProbe()
    await db.from(OUTBOX_TABLE).where('id', id).update({ traceparent: STORED.traceparent })
    const passes = record(relayPass)
    const claims = record(relayClaim)
    const publishes = record(relayPublish, (message) => (message.traceContext = FORWARDED))
    for (const recorder of [passes, claims, publishes]) cleanup(recorder.stop)
    const received: IntegrationEvent<unknown>[] = []
    const transport = new MemoryTransport()
    transport.subscribe({
      type: PROBE.type,
      version: PROBE.version,
      consumer: CONSUMER,
      module: 'tests',
      deliver: async (event) => void received.push(event),
    })
    const relay = new OutboxRelay(db, transport, { pollMs: 60_000 })

    relay.start()
    await until(() => received.length > 0)
    await relay.stop()

    assert.isAtLeast(passes.settled.length, 1)
    const claim = claims.settled.find((message) => (message.result?.length ?? 0) > 0)
    assert.exists(claim)
    const publish = publishes.settled.find(({ eventId }) => eventId === id) as RelayPublishMessage
    assert.containsSubset(publish, {
      system: 'memory',
      module: 'tests',
      type: PROBE.type,
      attempts: 0,
      storedTraceContext: STORED,
      result: true,
    })
    assert.strictEqual(publish.claim, claim as RelayClaimMessage)
    assert.deepEqual(received[0].traceContext, FORWARDED)
  })

  test('relay.publish tells of a refused publish', async ({ assert, cleanup }) => {
    await publishProbe()
    const publishes = record(relayPublish)
    cleanup(publishes.stop)
    class RefusingTransport extends MemoryTransport {
      override async publish(): Promise<void> {
        throw new Error('the broker is away')
      }
    }

    await new OutboxRelay(db, new RefusingTransport()).drain()

    const [publish] = publishes.settled as RelayPublishMessage[]
    assert.isFalse(publish.result)
    assert.equal((publish.failure as Error).message, 'the broker is away')
  })

  test('consumer.deliver, inbox.check, inbox.apply and consumer.applied per delivery', async ({
    assert,
    cleanup,
  }) => {
    const delivers = record(consumerDeliver)
    const checks = record(inboxCheck)
    const applies = record(inboxApply)
    const applied = recordPlain(consumerApplied)
    for (const recorder of [delivers, checks, applies, applied]) cleanup(recorder.stop)
    const inbox = onceThroughInbox(db, CONSUMER, async () => {})
    const deadLetters = new DeadLetters(db)
    const deliver = observedDelivery(
      { consumer: CONSUMER, module: 'tests' },
      'memory',
      retryingDelivery(CONSUMER, inbox, deadLetters)
    )
    const event = probeEvent()

    await deliver(event)
    await deliver(event) // redelivered: the inbox finds it applied

    assert.lengthOf(delivers.settled, 2)
    assert.containsSubset(delivers.settled[0] as ConsumerDeliverMessage, {
      operation: 'consume',
      system: 'memory',
      module: 'tests',
      consumer: CONSUMER,
      event,
    })
    const facts = { module: 'tests', consumer: CONSUMER, type: PROBE.type, eventId: event.eventId }
    assert.deepEqual(
      (checks.settled as InboxMessage[]).map(({ result }) => result),
      [true, false]
    )
    assert.containsSubset(checks.settled[0], facts)
    assert.lengthOf(applies.settled, 1)
    assert.containsSubset(applies.settled[0], facts)
    assert.deepEqual(applied.messages, [
      { module: 'tests', consumer: CONSUMER, type: PROBE.type },
      { module: 'tests', consumer: CONSUMER, type: PROBE.type },
    ])
  })

  test('consumer.dead_letter after the last try, and a replay on consumer.deliver', async ({
    assert,
    cleanup,
  }) => {
    const letters = record(deadLetter)
    const delivers = record(consumerDeliver)
    const applied = recordPlain(consumerApplied)
    for (const recorder of [letters, delivers, applied]) cleanup(recorder.stop)
    const deadLetters = new DeadLetters(db)
    const broken = onceThroughInbox(db, CONSUMER, async () => {
      throw new Error('consumer is broken')
    })
    const event = probeEvent()

    await retryingDelivery(CONSUMER, broken, deadLetters, { maxAttempts: 2, backoffMs: () => 1 })(
      event
    )

    assert.lengthOf(letters.settled, 1)
    const [letter] = letters.settled as (DeadLetterMessage & { error?: unknown })[]
    assert.containsSubset(letter, {
      module: 'tests',
      consumer: CONSUMER,
      type: PROBE.type,
      eventId: event.eventId,
      attempts: 2,
    })
    assert.equal((letter.reason as Error).message, 'consumer is broken')
    assert.notProperty(letter, 'error')

    const registry = new ConsumerRegistry()
    registry.add({
      type: PROBE.type,
      version: PROBE.version,
      consumer: CONSUMER,
      module: 'tests',
      deliver: onceThroughInbox(db, CONSUMER, async () => {}),
    })
    const outcome = await new DeadLetterReplay(deadLetters, registry).replay()

    assert.lengthOf(outcome.replayed, 1)
    assert.containsSubset(delivers.settled, [
      { operation: 'replay', system: 'dead-letters', consumer: CONSUMER },
    ])
    assert.deepEqual(applied.messages, [{ module: 'tests', consumer: CONSUMER, type: PROBE.type }])
  })

  test('endpoint.request names the module and route of a request', async ({ assert, cleanup }) => {
    const requests = recordPlain(endpointRequest)
    cleanup(requests.stop)
    const ctx = {
      route: { pattern: '/api/:version/catalog' },
      request: { method: () => 'POST' },
    } as unknown as Parameters<Parameters<typeof observedRequests>[1]>[0]

    const answer = observedRequests('catalog', () => 'handled')(ctx)

    assert.equal(answer, 'handled')
    assert.deepEqual(requests.messages, [
      { module: 'catalog', method: 'POST', pattern: '/api/:version/catalog' },
    ])
  })
})
