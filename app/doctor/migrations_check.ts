import type { Database } from '@adonisjs/lucid/database'
import { connectionsInUse } from '../building_blocks/infrastructure/persistence/module_connections.js'
import type { DoctorCheck, DoctorContext, Finding } from './doctor_check.js'

/** Migrations of the app and its modules not yet run on the database, as migration:status sees them. */
export const migrationsCheck: DoctorCheck = {
  id: 'migrations',
  title: 'Pending migrations',
  async run({ app, connection }) {
    const db: Database = await app.container.make('lucid.db')
    // Without --connection: the default database and each module's own (module_connections.ts).
    const names = connection ? [connection] : connectionsInUse(app)
    const findings: Finding[] = []
    for (const name of names) {
      const flag = name === db.primaryConnectionName && !connection ? '' : ` --connection ${name}`
      findings.push(...(await pendingOn(app, db, name, flag)))
    }
    return findings
  },
}

async function pendingOn(
  app: DoctorContext['app'],
  db: Database,
  name: string,
  flag: string
): Promise<Finding[]> {
  const { MigrationRunner } = await import('@adonisjs/lucid/migration')
  const runner = new MigrationRunner(db, app, {
    direction: 'up',
    dryRun: true,
    connectionName: name,
  })
  let list: Awaited<ReturnType<typeof runner.getList>>
  try {
    list = await runner.getList()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return [
      {
        severity: 'error',
        message: `cannot read the migrations of the ${name} database connection: ${reason}`,
        fix: `start the database or correct its settings in .env (DB_CONNECTION, DATABASE_URL, <MODULE>_DATABASE_URL), then: node ace migration:status${flag}`,
      },
    ]
  }
  const findings: Finding[] = []
  const pending = list.filter((node) => node.status === 'pending').map((node) => node.name)
  if (pending.length > 0) {
    findings.push({
      severity: 'error',
      message: `${pending.length} migration(s) not run on the ${name} connection: ${pending.join(', ')}`,
      fix: `node ace migration:run${flag}`,
    })
  }
  for (const node of list.filter((entry) => entry.status === 'corrupt')) {
    findings.push({
      severity: 'error',
      message: `${node.name} ran on the ${name} connection, but its file is gone`,
      fix: `restore ${node.name}.ts (the database's adonis_schema table names it)`,
    })
  }
  return findings
}
