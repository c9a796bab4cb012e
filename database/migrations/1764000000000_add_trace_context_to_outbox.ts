import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The W3C trace context of the request that wrote each outbox row, so the relay and the
 * consumers continue its trace. Nullable: rows written before this migration, or while
 * telemetry is off, simply start no trace link.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.string('traceparent', 55).nullable()
      table.string('tracestate', 512).nullable()
    })
  }

  async down() {
    this.schema.alterTable('pantheon_outbox', (table) => {
      table.dropColumn('traceparent')
      table.dropColumn('tracestate')
    })
  }
}
