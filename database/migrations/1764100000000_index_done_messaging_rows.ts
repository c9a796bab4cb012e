import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Retention (`node ace outbox:purge` and `inbox:purge`, and the relay's OUTBOX_RETENTION and
 * INBOX_RETENTION) takes the rows done before a cutoff, a batch at a time. Without these indexes
 * every batch, and every sweep that finds nothing, reads the whole table. The outbox's is partial
 * (sent rows only), so writing and claiming pending rows does not maintain it. On PostgreSQL they
 * are built CONCURRENTLY, outside a transaction: the tables this is for are the large ones, and
 * a plain build would hold back every outbox write, so every command that publishes, until done.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    const concurrently = this.db.dialect.name === 'postgres' ? 'concurrently ' : ''
    this.schema.raw(
      `create index ${concurrently}pantheon_outbox_sent_at on pantheon_outbox (sent_at) where status = 'sent'`
    )
    this.schema.raw(
      `create index ${concurrently}pantheon_inbox_processed_at on pantheon_inbox (processed_at)`
    )
  }

  async down() {
    this.schema.raw('drop index pantheon_inbox_processed_at')
    this.schema.raw('drop index pantheon_outbox_sent_at')
  }
}
