import { v7 as uuidv7 } from 'uuid'
import type { Database } from '@adonisjs/lucid/database'
import type { IntegrationEvent } from '../../integration/integration_event.js'

export const DEAD_LETTERS_TABLE = 'pantheon_dead_letters'

export interface DeadLetter {
  id: string
  consumer: string
  eventId: string
  type: string
  event: IntegrationEvent<unknown>
  attempts: number
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
    event: JSON.parse(row.event),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    failedAt: new Date(row.failed_at).toISOString(),
  }
}

/**
 * Events a consumer failed on every try, kept in the database whatever the transport, so an
 * operator sees and replays them the same way everywhere. One row per consumer and event: a
 * redelivery of an event that is already a dead letter updates the row instead of adding one.
 */
export class DeadLetters {
  constructor(private readonly db: Database) {}

  async record(
    consumer: string,
    event: IntegrationEvent<unknown>,
    attempts: number,
    error: unknown
  ) {
    const lastError = error instanceof Error ? error.message : String(error)
    await this.db
      .insertQuery()
      .table(DEAD_LETTERS_TABLE)
      .insert({
        id: uuidv7(),
        consumer,
        event_id: event.eventId,
        type: event.type,
        event: JSON.stringify(event),
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
