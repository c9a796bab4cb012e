import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import {
  INBOX_TABLE,
  MessageTransport,
  OUTBOX_TABLE,
  OutboxRelay,
  type RetentionPolicy,
} from '@pantheon/kit/messaging'
import { eventually } from './transports/transport_harness.js'
import {
  inboxRow,
  insertRows,
  outboxRow,
  probeInboxEventIds,
  probeInboxRows,
  probeOutboxIds,
  probeOutboxRows,
  probeRowsLeft,
  removeProbeRows,
  times,
} from './retention_rows.js'
import { pauseHostRelay } from '#tests/common/host_relay'

const DAY_MS = 86_400_000
/** A week of each, swept every 200 ms, 10 rows a transaction (so a sweep takes several). */
const RETENTION: RetentionPolicy = {
  outboxMs: 7 * DAY_MS,
  inboxMs: 7 * DAY_MS,
  intervalMs: 200,
  batchSize: 10,
}

/** A relay as the host builds one (its transport, its consumers), with a retention of its own. */
async function relayWith(retention: RetentionPolicy) {
  return new OutboxRelay(db, await app.container.make(MessageTransport), { retention })
}

test.group("Retention on the relay's schedule", (group) => {
  group.setup(() => pauseHostRelay())
  group.each.setup(() => removeProbeRows())

  test('a running relay removes what is past its age at start, then on every interval', async ({
    assert,
  }) => {
    const kept = [
      outboxRow({ daysAgo: 6 }),
      outboxRow({ status: 'pending', attempts: 3, daysAgo: 30 }),
    ]
    const keptRecord = inboxRow({ daysAgo: 6 })
    await insertRows(OUTBOX_TABLE, [...times(25, () => outboxRow()), ...kept])
    await insertRows(INBOX_TABLE, [...times(25, () => inboxRow()), keptRecord])
    const relay = await relayWith(RETENTION)

    relay.start()
    try {
      await eventually(() => probeRowsLeft(2, 1), 'the first sweep')
      // Rows that age past the cutoff later go on a later sweep, with the relay left alone.
      await insertRows(
        OUTBOX_TABLE,
        times(3, () => outboxRow({ module: 'orders' }))
      )
      await insertRows(
        INBOX_TABLE,
        times(3, () => inboxRow({ module: 'catalog' }))
      )
      await eventually(() => probeRowsLeft(2, 1), 'a sweep on the schedule')
    } finally {
      await relay.stop()
    }
    assert.deepEqual(
      await probeOutboxIds(),
      kept.map((row) => row.id)
    )
    assert.deepEqual(await probeInboxEventIds(), [keptRecord.event_id])
  })

  test('a retention of the outbox only leaves the inbox whole', async ({ assert }) => {
    await insertRows(
      OUTBOX_TABLE,
      times(5, () => outboxRow())
    )
    await insertRows(
      INBOX_TABLE,
      times(5, () => inboxRow())
    )
    const relay = await relayWith({ ...RETENTION, inboxMs: undefined })

    const outcome = await relay.retention!.sweep()

    assert.equal(outcome.outbox?.removed, 5)
    assert.isUndefined(outcome.inbox)
    assert.lengthOf(await probeInboxRows(), 5)
  })

  test('a relay without retention sweeps nothing', async ({ assert }) => {
    await insertRows(
      OUTBOX_TABLE,
      times(5, () => outboxRow())
    )
    const relay = new OutboxRelay(db, await app.container.make(MessageTransport))

    relay.start()
    await new Promise((resolve) => setTimeout(resolve, 300))
    await relay.stop()

    assert.isUndefined(relay.retention)
    assert.lengthOf(await probeOutboxRows(), 5)
  })

  test("the host's relay sweeps with config/messaging.ts's retention", async ({ assert }) => {
    const hostRelay = await app.container.make(OutboxRelay)
    assert.deepEqual(hostRelay.retention?.policy, {
      outboxMs: 7 * DAY_MS,
      inboxMs: 7 * DAY_MS,
      intervalMs: 60_000,
      batchSize: 1_000,
    })
  })
})
