import type { ApplicationService } from '@adonisjs/core/types'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { connectionsInUse } from './module_connections.js'

/**
 * Runs every pending migration (host and modules) on every database the modules use: the
 * default connection, and each module's own (module_connections.ts).
 */
export async function applyPendingMigrations(app: ApplicationService): Promise<void> {
  const db = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  for (const connectionName of connectionsInUse(app)) {
    const runner = new MigrationRunner(db, app, { direction: 'up', connectionName })
    await runner.run()
    if (runner.error) throw runner.error
    const applied = Object.keys(runner.migratedFiles)
    if (applied.length > 0) {
      logger.info(
        'applied %d pending migration(s) on the %s connection',
        applied.length,
        connectionName
      )
    }
  }
}
