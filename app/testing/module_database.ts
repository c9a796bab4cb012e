import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { moduleConnection } from '../building_blocks/infrastructure/persistence/module_connections.js'

/**
 * A module's database, for its tests to store and read rows where the module keeps them: its
 * own connection (`<MODULE>_DATABASE_URL`, see module_connections.ts), or the app's default.
 */
export function moduleDatabase(module: string): QueryClientContract {
  return db.connection(moduleConnection(app, module))
}
