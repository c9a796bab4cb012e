import { randomUUID } from 'node:crypto'
import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import { INBOX_TABLE, OUTBOX_TABLE } from '@pantheon/kit/messaging'

/*
 * Rows of the retention specs, of event types and consumers of their own in this app's modules
 * (catalog, orders), so nothing else the suite writes is counted or removed by them.
 */
const DAY_MS = 86_400_000
const PROBE_TYPES = ['catalog.retention_probe', 'orders.retention_probe']
const PROBE_CONSUMERS = ['catalog.RetentionProbeConsumer', 'orders.RetentionProbeConsumer']

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString()

export interface OutboxRowShape {
  module?: 'catalog' | 'orders'
  /** `sent` unless said: `pending` (never sent, or failing with attempts), or any other state. */
  status?: string
  attempts?: number
  /** When it was written and, for any state but pending, done with. */
  daysAgo?: number
}

/** A probe outbox row; pending ones are due tomorrow, so no relay publishes them meanwhile. */
export function outboxRow(shape: OutboxRowShape = {}) {
  const at = daysAgo(shape.daysAgo ?? 10)
  const status = shape.status ?? 'sent'
  return {
    id: uuidv7(),
    type: `${shape.module ?? 'catalog'}.retention_probe`,
    version: 1,
    payload: '{}',
    correlation_id: randomUUID(),
    occurred_at: at,
    status,
    attempts: shape.attempts ?? 0,
    next_attempt_at: status === 'pending' ? daysAgo(-1) : at,
    sent_at: status === 'pending' ? null : at,
    last_error: shape.attempts ? 'broker unreachable' : null,
  }
}

export function inboxRow(shape: { module?: 'catalog' | 'orders'; daysAgo?: number } = {}) {
  return {
    consumer: `${shape.module ?? 'orders'}.RetentionProbeConsumer`,
    event_id: randomUUID(),
    processed_at: daysAgo(shape.daysAgo ?? 10),
  }
}

/** `count` copies of a shape. */
export function times<T>(count: number, make: () => T): T[] {
  return Array.from({ length: count }, make)
}

/** In chunks: SQLite and PostgreSQL both cap the values one statement binds. */
export async function insertRows(table: string, rows: object[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await db.table(table).multiInsert(rows.slice(start, start + 500))
  }
}

export function probeOutboxRows() {
  return db.from(OUTBOX_TABLE).whereIn('type', PROBE_TYPES).orderBy('id')
}

export function probeInboxRows() {
  return db.from(INBOX_TABLE).whereIn('consumer', PROBE_CONSUMERS).orderBy('processed_at')
}

export async function probeOutboxIds(): Promise<string[]> {
  const rows = await probeOutboxRows()
  return rows.map((row) => row.id)
}

export async function probeInboxEventIds(): Promise<string[]> {
  const rows = await probeInboxRows()
  return rows.map((row) => row.event_id)
}

/** Whether exactly so many probe rows are left in each table. */
export async function probeRowsLeft(outbox: number, inbox: number): Promise<boolean> {
  const [outboxIds, eventIds] = await Promise.all([probeOutboxIds(), probeInboxEventIds()])
  return outboxIds.length === outbox && eventIds.length === inbox
}

/** Empties the probe rows; returns the same, for a setup's teardown. */
export async function removeProbeRows() {
  await db.from(OUTBOX_TABLE).whereIn('type', PROBE_TYPES).delete()
  await db.from(INBOX_TABLE).whereIn('consumer', PROBE_CONSUMERS).delete()
  return async () => {
    await db.from(OUTBOX_TABLE).whereIn('type', PROBE_TYPES).delete()
    await db.from(INBOX_TABLE).whereIn('consumer', PROBE_CONSUMERS).delete()
  }
}
