import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import vine from '@vinejs/vine'
import { success } from '@pantheon/kit/application'
import { defineIntegrationEvent, type IntegrationEvent } from '@pantheon/kit/integration'
import {
  consumerSubscriptions,
  INBOX_TABLE,
  type MessageTransport,
  onceThroughInbox,
  Outbox,
  OUTBOX_TABLE,
  OutboxRelay,
  TRANSPORT_KINDS,
  upcast,
  type Upcaster,
} from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { pauseHostRelay } from '#tests/common/host_relay'
import { eventually, transportHarness, type TransportHarness } from './transport_harness.js'

/*
 * A Catalog-like publisher in the migration window of its event: version 2 added a currency.
 * It publishes an event in both versions (one id), one from before the window (v1 only) and one
 * from after v1 was retired (v2 only), through the real outbox and relay, to consumers that read
 * v1 only, v2 only, and v2 with an upcaster from v1, on every transport.
 */
const TYPE = 'evolving.thing_created'
const thingCreatedV1 = defineIntegrationEvent(
  TYPE,
  1,
  vine.create({ id: vine.string().uuid(), name: vine.string() })
)
const thingCreatedV2 = defineIntegrationEvent(
  TYPE,
  2,
  vine.create({
    id: vine.string().uuid(),
    name: vine.string(),
    currency: vine.string().fixedLength(3),
  })
)
const fromV1 = upcast(thingCreatedV1, thingCreatedV2, (v1) => ({ ...v1, currency: 'EUR' }))

/** What one consumer applied: each event id with its payloads, and every delivery it got. */
class RecordingConsumer {
  readonly applied = new Map<string, unknown[]>()
  deliveries: IntegrationEvent<unknown>[] = []

  constructor(
    readonly name: string,
    readonly module: string,
    readonly consumes: typeof thingCreatedV1 | typeof thingCreatedV2,
    readonly upcasters: readonly Upcaster<unknown>[] = []
  ) {}

  subscriptions() {
    const effect = onceThroughInbox(db, this.name, async (event) => {
      this.applied.set(event.eventId, [...(this.applied.get(event.eventId) ?? []), event.payload])
    })
    return consumerSubscriptions({
      consumer: this.name,
      module: this.module,
      consumes: this.consumes,
      upcasters: this.upcasters,
      deliver: async (event) => {
        this.deliveries.push(event)
        await effect(event)
      },
    })
  }

  /** The payloads applied for `id`: exactly one when the event was applied once. */
  payloadsOf(id: string) {
    return this.applied.get(id) ?? []
  }
}

/** One command of the publisher: for one cause, the versions given. */
async function publish(outbox: Outbox, versions: { v1?: boolean; v2?: boolean }, name: string) {
  const cause = { name }
  const id = randomUUID()
  let eventId = ''
  await new LucidUnitOfWork(db).run(async () => {
    if (versions.v1) eventId = await outbox.publish(thingCreatedV1, { id, name }, { cause })
    if (versions.v2) {
      eventId = await outbox.publish(thingCreatedV2, { id, name, currency: 'USD' }, { cause })
    }
    return success(undefined)
  })
  return eventId
}

for (const kind of TRANSPORT_KINDS) {
  test.group(`Evolving an event's version: ${kind}`, (group) => {
    let harness: TransportHarness
    let run: string
    group.setup(() => pauseHostRelay())
    group.each.setup(async () => {
      harness = transportHarness(kind)
      run = randomUUID().slice(0, 8)
      // The relay drains every pending row: none left by another spec may count with ours.
      await db.from(OUTBOX_TABLE).where('type', TYPE).orWhereNot('status', 'sent').delete()
      return async () => {
        await harness.cleanup()
        await db.from(INBOX_TABLE).where('consumer', 'like', `versions_${run}%`).delete()
      }
    })
    group.each.timeout(20_000)

    const consumer = (
      name: string,
      consumes: typeof thingCreatedV1 | typeof thingCreatedV2,
      upcasters: readonly Upcaster<unknown>[] = []
    ) =>
      new RecordingConsumer(
        `versions_${run}_${name}.Consumer`,
        `versions_${run}_${name}`,
        consumes,
        upcasters
      )

    /** The relay until every row is sent: a broker may refuse the first publishes while it connects. */
    async function relayAll(transport: MessageTransport) {
      const relay = new OutboxRelay(db, transport)
      await eventually(async () => {
        await relay.drain()
        const pending = await db.from(OUTBOX_TABLE).where('type', TYPE).whereNot('status', 'sent')
        return pending.length === 0
      }, 'the relay')
    }

    async function subscribed(consumers: RecordingConsumer[]): Promise<MessageTransport> {
      const transport = await harness.make()
      for (const c of consumers) for (const s of c.subscriptions()) transport.subscribe(s)
      await transport.startConsuming()
      return transport
    }

    test('each consumer applies each event of a version it reads exactly once', async ({
      assert,
    }) => {
      const readsV1 = consumer('v1', thingCreatedV1)
      const readsV2 = consumer('v2', thingCreatedV2)
      const readsBoth = consumer('both', thingCreatedV2, [fromV1])
      const transport = await subscribed([readsV1, readsV2, readsBoth])
      const outbox = new Outbox(db)
      const inWindow = await publish(outbox, { v1: true, v2: true }, 'in the window')
      const before = await publish(outbox, { v1: true }, 'before the window')
      const after = await publish(outbox, { v2: true }, 'after v1 retired')

      // One event in two versions is two rows sharing the event id.
      const rows = await db.from(OUTBOX_TABLE).where('type', TYPE)
      assert.lengthOf(rows, 4)
      await relayAll(transport)

      await eventually(
        () =>
          readsV1.applied.size === 2 &&
          readsV2.applied.size === 2 &&
          readsBoth.applied.size === 3 &&
          readsBoth.deliveries.length === 4,
        'every consumer'
      )
      await sleep(200)
      assert.sameMembers([...readsV1.applied.keys()], [inWindow, before])
      assert.sameMembers([...readsV2.applied.keys()], [inWindow, after])
      assert.sameMembers([...readsBoth.applied.keys()], [inWindow, before, after])
      for (const c of [readsV1, readsV2, readsBoth]) {
        for (const payloads of c.applied.values()) assert.lengthOf(payloads, 1)
      }
      // v1-only readers see v1 payloads; the upcasting consumer sees v2 payloads only.
      assert.notProperty(readsV1.payloadsOf(inWindow)[0], 'currency')
      assert.deepInclude(readsBoth.payloadsOf(before)[0], {
        name: 'before the window',
        currency: 'EUR',
      })
      assert.deepInclude(readsBoth.payloadsOf(after)[0], { currency: 'USD' })
      assert.isTrue(readsBoth.deliveries.every((event) => event.version === 2))
    })

    test('a v1-only event reaches the upcasting consumer upcast, once', async ({ assert }) => {
      const readsBoth = consumer('both', thingCreatedV2, [fromV1])
      const transport = await subscribed([readsBoth])
      const eventId = await publish(new Outbox(db), { v1: true }, 'old publisher')
      await relayAll(transport)
      await eventually(() => readsBoth.applied.size === 1, 'the upcast event')
      await sleep(200)
      const [payload] = readsBoth.payloadsOf(eventId)
      assert.lengthOf(readsBoth.payloadsOf(eventId), 1)
      assert.deepInclude(payload, { name: 'old publisher', currency: 'EUR' })
      assert.equal(readsBoth.deliveries[0].version, 2)
    })
  })
}
