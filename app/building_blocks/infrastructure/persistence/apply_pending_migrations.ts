import type { ApplicationService } from '@adonisjs/core/types'
import { MigrationRunner } from '@adonisjs/lucid/migration'

/** Runs every pending migration (host and modules) on the default connection. */
export async function applyPendingMigrations(app: ApplicationService): Promise<void> {
  const db = await app.container.make('lucid.db')
  const logger = await app.container.make('logger')
  const runner = new MigrationRunner(db, app, { direction: 'up' })
  await runner.run()
  if (runner.error) throw runner.error
  const applied = Object.keys(runner.migratedFiles)
  if (applied.length > 0) logger.info('applied %d pending migration(s)', applied.length)
}
