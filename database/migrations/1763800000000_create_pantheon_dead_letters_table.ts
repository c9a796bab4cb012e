import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Events a consumer failed on every try, whatever the transport that carried them: one row per
 * consumer and event, kept until an operator replays it (`node ace dead-letters:retry`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('pantheon_dead_letters', (table) => {
      table.uuid('id').primary()
      table.string('consumer', 200).notNullable()
      table.uuid('event_id').notNullable()
      table.string('type', 200).notNullable()
      table.text('event').notNullable()
      table.integer('attempts').notNullable()
      table.text('last_error').notNullable()
      table.timestamp('failed_at', { useTz: true }).notNullable()
      table.unique(['consumer', 'event_id'])
    })
  }

  async down() {
    this.schema.dropTable('pantheon_dead_letters')
  }
}
