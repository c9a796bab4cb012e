import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { MessageTransport } from '../app/building_blocks/infrastructure/messaging/message_transport.js'
import { OutboxRelays } from '../app/building_blocks/infrastructure/messaging/outbox_relays.js'
import { connectionsInUse } from '../app/building_blocks/infrastructure/persistence/module_connections.js'
import { boundPostgresForLongRunningCommand } from '../app/building_blocks/infrastructure/persistence/bounded_console_connection.js'

export default class OutboxRelayCommand extends BaseCommand {
  static commandName = 'outbox:relay'
  static description =
    'Run the outbox relay as its own process (for hosts started with OUTBOX_RELAY=off)'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    // The web host's time limits on PostgreSQL, which console commands do not get by default.
    const db = await this.app.container.make('lucid.db')
    for (const connection of connectionsInUse(this.app)) {
      boundPostgresForLongRunningCommand(db, undefined, connection)
    }
    // One relay per database the modules keep an outbox in (module_connections.ts).
    const relay = await this.app.container.make(OutboxRelays)
    const transport = await this.app.container.make(MessageTransport)
    relay.start()
    this.logger.info(
      `outbox relay running on the ${transport.name} transport; stop it with SIGTERM or Ctrl+C`
    )
    this.app.terminating(async () => {
      await relay.stop()
      await transport.close()
    })
  }
}
