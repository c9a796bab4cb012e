import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The account an outbox row's event was written for: the principal of the command that wrote it
 * (over HTTP, the authenticated caller), carried to consumers as the event's `actorId`. Nullable:
 * most events are written for no account, and every row written before had none.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.string('actor_id', 255).nullable()
    })
  }

  async down() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.dropColumn('actor_id')
    })
  }
}
