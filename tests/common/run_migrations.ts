import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'

/**
 * Runs the migrations of a connection a test added (its `migrations.paths`), as
 * `node ace migration:run --connection` would: the tables come out as an app's migrations leave
 * them, so a test cannot drift from them.
 */
export async function runMigrations(connectionName: string) {
  const runner = new MigrationRunner(db, app, { direction: 'up', connectionName })
  await runner.run()
  if (runner.error) throw runner.error
}
