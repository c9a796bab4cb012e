import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The event id of an outbox row, when it differs from the row's own id: a module that publishes
 * two versions of one event during a migration window writes a row per version, and both carry
 * the same event id, so a consumer reading both applies the event once (its inbox keys on the
 * event id). Nullable: every other row, and every row written before, is its own event (the
 * relay reads `event_id ?? id`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.uuid('event_id').nullable()
    })
  }

  async down() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.dropColumn('event_id')
    })
  }
}
