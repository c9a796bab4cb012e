import { BaseCheck, Result } from '@adonisjs/core/health'
import { databaseGate } from '../building_blocks/infrastructure/persistence/database_gate.js'

/**
 * Readiness of the modules' database work: not ready while the database gate is closed (the
 * host started while the database was away, or its migrations are still being applied), even
 * if the database itself already answers.
 */
export class DatabaseGateCheck extends BaseCheck {
  name = 'Database schema'

  async run() {
    if (databaseGate.isOpen) return Result.ok('migrated and open to the modules')
    return Result.failed(`The database is not ready: ${databaseGate.reason}`)
  }
}
