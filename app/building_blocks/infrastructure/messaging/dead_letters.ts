import { timeOrderedId } from '../../domain/time_ordered_id.js'
import type { Database } from '@adonisjs/lucid/database'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import { decodeEvent, encodeEvent } from './event_envelope.js'
import type { UnreadableMessage } from './inbound_message.js'

export const DEAD_LETTERS_TABLE = 'pantheon_dead_letters'

export interface DeadLetter {
  id: string
  consumer: string
  eventId: string
  type: string
  /** The event, when what arrived is one; absent for a message that could not be read. */
  event?: IntegrationEvent<unknown>
  /**
   * The event as JSON (the envelope: eventId, type, version, occurredAt, correlationId, payload,
   * traceContext) when it could be read; else what arrived: a CloudEvent in the JSON event
   * format (its attributes and data), or the text of a message that came as text. A replay
   * reads it again, with the checks of the day.
   */
  body: string
  attempts: number
  /** The consumer's last error, or why the message was refused: `<reason>: <detail>`. */
  lastError: string
  failedAt: string
}

interface DeadLetterRow {
  id: string
  consumer: string
  event_id: string
  type: string
  event: string
  attempts: number | string
  last_error: string
  failed_at: string | Date
}

function fromRow(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    consumer: row.consumer,
    eventId: row.event_id,
    type: row.type,
    event: readable(row.event),
    body: row.event,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    failedAt: new Date(row.failed_at).toISOString(),
  }
}

function readable(body: string): IntegrationEvent<unknown> | undefined {
  try {
    return decodeEvent(body)
  } catch {
    return undefined
  }
}

/**
 * Events a consumer failed on every try, and messages it refused (MessageRejected), kept in the
 * database whatever the transport, so an operator sees and replays them the same way
 * everywhere. One row per consumer and event: a redelivery of an event that is already a dead
 * letter updates the row instead of adding one.
 */
export class DeadLetters {
  constructor(private readonly db: Database) {}

  async record(
    consumer: string,
    event: IntegrationEvent<unknown>,
    attempts: number,
    error: unknown
  ) {
    await this.keep(consumer, { ...event, body: encodeEvent(event) }, attempts, error)
  }

  /** A message the transport could not read as an event, refused before any try. */
  async recordUnreadable(consumer: string, message: UnreadableMessage) {
    await this.keep(consumer, message, 1, message.rejection)
  }

  private async keep(
    consumer: string,
    letter: { eventId: string; type: string; body: string },
    attempts: number,
    error: unknown
  ) {
    const lastError = error instanceof Error ? error.message : String(error)
    await this.db
      .insertQuery()
      .table(DEAD_LETTERS_TABLE)
      .insert({
        id: timeOrderedId(),
        consumer,
        event_id: letter.eventId,
        type: letter.type,
        event: letter.body,
        attempts,
        last_error: lastError,
        failed_at: new Date().toISOString(),
      })
      .knexQuery.onConflict(['consumer', 'event_id'])
      .merge(['attempts', 'last_error', 'failed_at'])
  }

  async list(options: { consumer?: string; limit?: number } = {}): Promise<DeadLetter[]> {
    const query = this.db
      .from(DEAD_LETTERS_TABLE)
      .orderBy('id', 'asc')
      .limit(options.limit ?? 100)
    if (options.consumer) query.where('consumer', options.consumer)
    return ((await query) as DeadLetterRow[]).map(fromRow)
  }

  async find(ids: string[]): Promise<DeadLetter[]> {
    const rows = (await this.db
      .from(DEAD_LETTERS_TABLE)
      .whereIn('id', ids)
      .orderBy('id')) as DeadLetterRow[]
    return rows.map(fromRow)
  }

  async remove(id: string): Promise<void> {
    await this.db.from(DEAD_LETTERS_TABLE).where('id', id).delete()
  }

  async failedAgain(id: string, error: unknown): Promise<void> {
    await this.db
      .from(DEAD_LETTERS_TABLE)
      .where('id', id)
      .update({
        attempts: this.db.raw('attempts + 1'),
        last_error: error instanceof Error ? error.message : String(error),
        failed_at: new Date().toISOString(),
      })
  }
}
