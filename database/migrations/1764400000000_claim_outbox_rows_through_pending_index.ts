import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The relay claims the oldest pending rows (`status = 'pending' … order by id limit n`). Beside
 * the partial index on pending ids, the first messaging migration left an index on
 * `(status, next_attempt_at)`, and the planner took it whenever the table's statistics were
 * missing or said few rows were pending: a young table, SQLite (which has statistics only after
 * ANALYZE), or a backlog piling up behind a broker outage. It then read every due row and sorted
 * them for each batch: 47 ms a claim with 50,000 pending on PostgreSQL, 3.5 ms with 20,000 on
 * SQLite, so a drain grew with the square of its backlog. Without that index the only index
 * that gives the order is the pending one, and the claim reads one batch of rows whatever the
 * statistics say. Nothing else reads the outbox by `next_attempt_at`.
 *
 * A row once sent leaves a dead entry in the pending index until VACUUM removes it, and every
 * claim steps over those: 2 ms a claim with 50,000 of them against 0.8 ms after a vacuum. By
 * default autovacuum waits for a fifth of the table to change; the outbox is vacuumed after
 * 1,000 rows and 2% of the table instead.
 */
const VACUUM_SETTINGS = {
  autovacuum_vacuum_threshold: 1000,
  autovacuum_vacuum_scale_factor: 0.02,
  autovacuum_vacuum_insert_threshold: 1000,
  autovacuum_vacuum_insert_scale_factor: 0.02,
}

export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    const postgres = this.db.dialect.name === 'postgres'
    const concurrently = postgres ? 'concurrently ' : ''
    this.schema.raw(
      `drop index ${concurrently}if exists pantheon_outbox_status_next_attempt_at_index`
    )
    if (postgres) {
      const settings = Object.entries(VACUUM_SETTINGS).map(([name, value]) => `${name} = ${value}`)
      this.schema.raw(`alter table pantheon_outbox set (${settings.join(', ')})`)
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      const names = Object.keys(VACUUM_SETTINGS)
      this.schema.raw(`alter table pantheon_outbox reset (${names.join(', ')})`)
    }
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.index(['status', 'next_attempt_at'])
    })
  }
}
