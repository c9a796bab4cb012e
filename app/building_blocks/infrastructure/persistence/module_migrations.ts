import type { ApplicationService } from '@adonisjs/core/types'
import { moduleMigrationFolders } from '../modules/module_discovery.js'

interface ConnectionMigrations {
  migrations?: { paths?: string[] }
}

/**
 * Adds every module's migrations folder to each Lucid connection, after the app's own folders,
 * so that an app's config/database.ts does not have to list them (an app that adopted the kit
 * keeps the file it had). Folders already listed are not added twice.
 */
export function includeModuleMigrations(app: ApplicationService): void {
  const connections = app.config.get<Record<string, ConnectionMigrations> | undefined>(
    'database.connections'
  )
  if (!connections) return
  const folders = moduleMigrationFolders(app.makePath())
  for (const [name, connection] of Object.entries(connections)) {
    const paths = connection.migrations?.paths ?? ['database/migrations']
    const missing = folders.filter((folder) => !paths.includes(folder))
    if (missing.length === 0) continue
    app.config.set(`database.connections.${name}.migrations`, {
      ...connection.migrations,
      paths: [...paths, ...missing],
    })
  }
}
