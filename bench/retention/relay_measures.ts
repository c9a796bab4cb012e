import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import type { Database } from '@adonisjs/lucid/database'
import { success } from '@pantheon/kit/application'
import { type MessageTransport, Outbox, OUTBOX_TABLE, OutboxRelay } from '@pantheon/kit/messaging'
import { LucidUnitOfWork } from '@pantheon/kit/persistence'
import { BENCH_EVENT, benchPayload } from '../messaging/probe_event.js'

/**
 * One thing timed on one database, once: the script takes `samples` of it on each database in
 * turn (empty, full, full, empty, …), so a slow moment of the machine falls on both alike.
 */
export interface Measure {
  label: string
  unit: 'ms' | 'events/s'
  samples: number
  sample(db: Database, transport: MessageTransport): Promise<number>
}

const timed = async (work: () => Promise<unknown>) => {
  const startedAt = performance.now()
  await work()
  return performance.now() - startedAt
}

/** Due events written in bulk, untimed: what a pass then finds waiting. */
async function writeDueEvents(db: Database, count: number) {
  const now = new Date().toISOString()
  const rows = Array.from({ length: count }, (_, n) => ({
    id: uuidv7(),
    type: BENCH_EVENT.type,
    version: BENCH_EVENT.version,
    payload: JSON.stringify(benchPayload(n)),
    correlation_id: randomUUID(),
    occurred_at: now,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
  }))
  await db.table(OUTBOX_TABLE).multiInsert(rows)
}

/** The claim an idle relay makes every poll: a pass that finds nothing due, one transaction. */
export const idleClaim: Measure = {
  label: 'idle claim',
  unit: 'ms',
  samples: 100,
  sample: (db, transport) => timed(() => new OutboxRelay(db, transport).drain()),
}

/**
 * One relay pass over a batch: `batchSize` events due (written untimed), claimed, published to
 * a transport that does nothing, marked sent, and the claim that finds nothing more.
 */
export function batchPass(batchSize: number): Measure {
  return {
    label: `pass over ${batchSize} due events`,
    unit: 'ms',
    samples: 30,
    async sample(db, transport) {
      await writeDueEvents(db, batchSize)
      return timed(() => new OutboxRelay(db, transport, { batchSize }).drain())
    },
  }
}

/**
 * The path a create takes through the outbox: `events` commands one after the other, each
 * committing its event through Outbox.publish in a unit of work of its own, then the relay
 * publishing and marking them. Events per second.
 */
export function writeAndRelay(events: number): Measure {
  return {
    label: `${events} commits of one event, then the relay`,
    unit: 'events/s',
    samples: 20,
    async sample(db, transport) {
      const outbox = new Outbox(db)
      const unitOfWork = new LucidUnitOfWork(db)
      const ms = await timed(async () => {
        for (let n = 0; n < events; n++) {
          await unitOfWork.run(async () =>
            success(await outbox.publish(BENCH_EVENT, benchPayload(n)))
          )
        }
        await new OutboxRelay(db, transport).drain()
      })
      return events / (ms / 1000)
    },
  }
}
