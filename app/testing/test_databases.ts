import type { ApplicationService } from '@adonisjs/core/types'
import testUtils from '@adonisjs/core/services/test_utils'
// Lucid's provider adds testUtils.db(connection); its types come with it.
import type {} from '@adonisjs/lucid/database_provider'
import { OutboxRelays } from '../building_blocks/infrastructure/messaging/outbox_relays.js'
import { connectionsInUse } from '../building_blocks/infrastructure/persistence/module_connections.js'

/**
 * A test run's databases, for the runner's setup hook: every database the modules use (the
 * app's default and each module's own, module_connections.ts) is migrated, and the host's
 * relays start, as in a web host (they poll the outbox, so only once its table exists).
 * Returns the teardown: the relays stop, the tables are emptied (a down() that narrows a
 * column, an enum's values or a shorter string, refuses the rows the tests leave), and the
 * migrations are rolled back, so each run starts from the schema the code describes.
 */
export async function prepareTestDatabases(app: ApplicationService): Promise<() => Promise<void>> {
  const undo: Array<() => Promise<void>> = []
  for (const connection of connectionsInUse(app)) {
    const database = testUtils.db(connection)
    const rollback = await database.migrate()
    const truncate = await database.truncate()
    undo.unshift(async () => {
      await truncate()
      await rollback()
    })
  }
  const relays = await app.container.make(OutboxRelays)
  relays.start()
  return async () => {
    await relays.stop()
    for (const step of undo) await step()
  }
}
