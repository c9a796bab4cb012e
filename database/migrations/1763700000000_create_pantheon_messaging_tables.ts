import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The host's messaging tables. The outbox holds integration events written in the same
 * transaction as the business change that raised them; the inbox records which consumer has
 * applied which event, in the same transaction as the consumer's effect.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('pantheon_outbox', (table) => {
      table.uuid('id').primary()
      table.string('type', 200).notNullable()
      table.integer('version').notNullable()
      table.text('payload').notNullable()
      table.string('correlation_id', 100).nullable()
      table.timestamp('occurred_at', { useTz: true }).notNullable()
      table.string('status', 20).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable()
      table.timestamp('claimed_until', { useTz: true }).nullable()
      table.text('last_error').nullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.index(['status', 'next_attempt_at'])
    })
    this.schema.createTable('pantheon_inbox', (table) => {
      table.string('consumer', 200).notNullable()
      table.uuid('event_id').notNullable()
      table.timestamp('processed_at', { useTz: true }).notNullable()
      table.primary(['consumer', 'event_id'])
    })
  }

  async down() {
    this.schema.dropTable('pantheon_inbox')
    this.schema.dropTable('pantheon_outbox')
  }
}
