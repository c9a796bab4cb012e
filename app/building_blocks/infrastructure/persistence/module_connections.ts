import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import type { ApplicationService } from '@adonisjs/core/types'
import type { ConnectionConfig } from '@adonisjs/lucid/types/database'

/*
 * A database per module. A module whose `<MODULE>_DATABASE_URL` is set (or whose registration
 * names a connection of config/database.ts) keeps everything it stores there: its tables, its
 * migrations, the outbox its events wait in and the inbox of the events it consumed. Its unit of
 * work, consumers and relay use that connection only, so no transaction ever spans two modules'
 * databases; the host's own tables (dead letters) stay on the default connection.
 */

/** Where the host keeps which module uses which connection (set while the modules register). */
const ASSIGNMENTS_KEY = 'pantheon.moduleConnections'

/** Thrown at start when a module's database setting cannot be used: the message says the fix. */
class InvalidModuleDatabase extends Error {
  override readonly name = 'InvalidModuleDatabase'
}

/** `ORDERS_DATABASE_URL` for orders, `ORDER_ITEMS_DATABASE_URL` for order_items. */
function moduleDatabaseVariable(module: string): string {
  return `${module.toUpperCase()}_DATABASE_URL`
}

/**
 * Gives a module the connection of its own that `<MODULE>_DATABASE_URL` describes (a Lucid
 * connection named after the module, made like the app's connection of the same database kind)
 * or that its registration names, and moves its migrations there. Returns the connection's
 * name, or undefined when the module shares the app's default connection. Called from the
 * module's registration, before the database service is made.
 */
export function assignModuleConnection(
  app: ApplicationService,
  module: string,
  registered?: string,
  env: NodeJS.ProcessEnv = process.env
): string | undefined {
  const variable = moduleDatabaseVariable(module)
  const url = env[variable]?.trim()
  const connections = configuredConnections(app)
  let name: string | undefined
  if (url) {
    name = module
    app.config.set(`database.connections.${name}`, connectionFromUrl(app, variable, url))
  } else if (registered) {
    if (!connections[registered]) {
      throw new InvalidModuleDatabase(
        `The ${module} module's registration names the database connection "${registered}", which config/database.ts does not define (it defines ${Object.keys(connections).join(', ')}): add it there, or set ${variable} instead`
      )
    }
    name = registered
  }
  if (!name || name === primaryConnectionName(app)) return undefined
  moveMigrations(app, module, name)
  app.config.set(ASSIGNMENTS_KEY, { ...moduleConnections(app), [module]: name })
  return name
}

/** The connection a module was given, or undefined when it uses the app's default one. */
export function moduleConnection(app: ApplicationService, module: string): string | undefined {
  return moduleConnections(app)[module]
}

/** Every module that has a connection of its own, with that connection's name. */
export function moduleConnections(app: ApplicationService): Record<string, string> {
  return app.config.get<Record<string, string> | undefined>(ASSIGNMENTS_KEY) ?? {}
}

/**
 * The connections the host's modules store in, the default first: the web host reaches and
 * migrates each before its modules use them, and a relay runs on each.
 */
export function connectionsInUse(app: ApplicationService): string[] {
  return [...new Set([primaryConnectionName(app), ...Object.values(moduleConnections(app))])]
}

function primaryConnectionName(app: ApplicationService): string {
  return app.config.get<string>('database.connection')
}

function configuredConnections(app: ApplicationService): Record<string, ConnectionConfig> {
  return app.config.get<Record<string, ConnectionConfig> | undefined>('database.connections') ?? {}
}

/**
 * A connection for the URL, made like the app's own connection of that kind (its pool, time
 * limits and SQLite settings), so a module's database behaves as the default one does.
 */
function connectionFromUrl(app: ApplicationService, variable: string, url: string) {
  const connections = Object.values(configuredConnections(app))
  const like = (client: string) => connections.find((connection) => connection.client === client)
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const base = like('pg')
    const settings = base && typeof base.connection === 'object' ? base.connection : {}
    return {
      ...(base ?? { client: 'pg', pool: { min: 0, max: 10 } }),
      connection: { ...settings, connectionString: url },
    }
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length)
    if (file === '') throw refused(variable, url)
    const filename = isAbsolute(file) ? file : app.makePath(file)
    mkdirSync(dirname(filename), { recursive: true })
    const base = like('better-sqlite3')
    return {
      ...(base ?? { client: 'better-sqlite3', useNullAsDefault: true }),
      connection: { filename },
    }
  }
  throw refused(variable, url)
}

function refused(variable: string, url: string): InvalidModuleDatabase {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'no scheme'
  return new InvalidModuleDatabase(
    `${variable} must be a PostgreSQL URL (postgres://user@host:5432/database) or sqlite:<file> (relative to the app root); it begins with ${scheme}`
  )
}

/**
 * The module's migrations run on its connection only, after the host's own (the outbox and
 * inbox tables its events need there too); no other connection runs them.
 */
function moveMigrations(app: ApplicationService, module: string, connectionName: string): void {
  const folder = `modules/${module}/infrastructure/database/migrations`
  const connections = configuredConnections(app)
  for (const [name, connection] of Object.entries(connections)) {
    const paths = connection.migrations?.paths
    if (name === connectionName || !paths?.includes(folder)) continue
    app.config.set(`database.connections.${name}.migrations`, {
      ...connection.migrations,
      paths: paths.filter((path) => path !== folder),
    })
  }
  const hostFolders = (connections[primaryConnectionName(app)]?.migrations?.paths ?? []).filter(
    (path) => !path.startsWith('modules/')
  )
  const own = connections[connectionName]?.migrations
  app.config.set(`database.connections.${connectionName}.migrations`, {
    ...own,
    paths: [...new Set([...hostFolders, folder])],
  })
}
