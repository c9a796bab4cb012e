import { test } from '@japa/runner'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Config } from '@adonisjs/core/config'
import type { ApplicationService } from '@adonisjs/core/types'
import {
  assignModuleConnection,
  connectionsInUse,
  moduleConnection,
} from '#kit/building_blocks/infrastructure/persistence/module_connections'

/** The app root: a sqlite:<file> setting creates its file's folder under it. */
const ROOT = join(tmpdir(), 'pantheon-module-connections')
const HOST_MIGRATIONS = 'database/migrations'
const CATALOG_MIGRATIONS = 'modules/catalog/infrastructure/database/migrations'
const ORDERS_MIGRATIONS = 'modules/orders/infrastructure/database/migrations'

/**
 * An app's configuration as config/database.ts and the host's register leave it: both
 * connections migrate the host's tables and every module's, and `pg` is the default.
 */
function appWith(defaultConnection = 'pg') {
  const migrations = {
    naturalSort: true,
    paths: [HOST_MIGRATIONS, CATALOG_MIGRATIONS, ORDERS_MIGRATIONS],
  }
  const config = new Config({
    database: {
      connection: defaultConnection,
      connections: {
        sqlite: {
          client: 'better-sqlite3',
          connection: { filename: join(ROOT, 'tmp/db.sqlite3') },
          useNullAsDefault: true,
          migrations,
        },
        pg: {
          client: 'pg',
          connection: { connectionString: 'postgres://app@db:5432/shop', keepAlive: true },
          pool: { min: 0, max: 10, acquireTimeoutMillis: 2000 },
          migrations,
        },
      },
    },
  })
  const makePath = (...paths: string[]) => join(ROOT, ...paths)
  return { config, makePath } as unknown as ApplicationService
}

const connections = (app: ApplicationService) =>
  app.config.get<Record<string, any>>('database.connections')

test.group('A database per module (module_connections.ts)', () => {
  test('ORDERS_DATABASE_URL gives orders a PostgreSQL connection like the app’s, with its migrations alone', ({
    assert,
  }) => {
    const app = appWith()
    const name = assignModuleConnection(app, 'orders', undefined, {
      ORDERS_DATABASE_URL: 'postgres://app@orders-db:5432/orders',
    })
    assert.equal(name, 'orders')
    assert.equal(moduleConnection(app, 'orders'), 'orders')
    assert.isUndefined(moduleConnection(app, 'catalog'))
    const orders = connections(app).orders
    assert.equal(orders.client, 'pg')
    assert.deepEqual(orders.connection, {
      connectionString: 'postgres://app@orders-db:5432/orders',
      keepAlive: true,
    })
    assert.equal(orders.pool.acquireTimeoutMillis, 2000)
    // The host's tables (outbox, inbox) and the module's own, nowhere else.
    assert.deepEqual(orders.migrations.paths, [HOST_MIGRATIONS, ORDERS_MIGRATIONS])
    assert.deepEqual(connections(app).pg.migrations.paths, [HOST_MIGRATIONS, CATALOG_MIGRATIONS])
    assert.deepEqual(connections(app).sqlite.migrations.paths, [
      HOST_MIGRATIONS,
      CATALOG_MIGRATIONS,
    ])
    assert.deepEqual(connectionsInUse(app), ['pg', 'orders'])
  })

  test('sqlite:<file> gives a module an embedded database, its file relative to the app root', ({
    assert,
  }) => {
    const app = appWith('sqlite')
    assignModuleConnection(app, 'catalog', undefined, {
      CATALOG_DATABASE_URL: 'sqlite:tmp/module-connections-unit/catalog.sqlite3',
    })
    const catalog = connections(app).catalog
    assert.equal(catalog.client, 'better-sqlite3')
    assert.equal(catalog.useNullAsDefault, true)
    assert.deepEqual(catalog.connection, {
      filename: join(ROOT, 'tmp/module-connections-unit/catalog.sqlite3'),
    })
    assert.deepEqual(catalog.migrations.paths, [HOST_MIGRATIONS, CATALOG_MIGRATIONS])
    assert.deepEqual(connectionsInUse(app), ['sqlite', 'catalog'])
  })

  test('without a variable or a named connection a module shares the default database', ({
    assert,
  }) => {
    const app = appWith()
    assert.isUndefined(assignModuleConnection(app, 'orders', undefined, {}))
    assert.isUndefined(assignModuleConnection(app, 'catalog', 'pg', {}))
    assert.deepEqual(connectionsInUse(app), ['pg'])
    assert.lengthOf(connections(app).pg.migrations.paths, 3)
  })

  test('a registration may name a connection of config/database.ts; the variable wins over it', ({
    assert,
  }) => {
    const named = appWith()
    assert.equal(assignModuleConnection(named, 'orders', 'sqlite', {}), 'sqlite')
    assert.deepEqual(connections(named).sqlite.migrations.paths, [
      HOST_MIGRATIONS,
      ORDERS_MIGRATIONS,
    ])
    assert.deepEqual(connections(named).pg.migrations.paths, [HOST_MIGRATIONS, CATALOG_MIGRATIONS])

    const overridden = appWith()
    const name = assignModuleConnection(overridden, 'orders', 'sqlite', {
      ORDERS_DATABASE_URL: 'postgresql://app@elsewhere/orders',
    })
    assert.equal(name, 'orders')
  })

  test('a setting the host cannot use stops the start with what to write instead', ({ assert }) => {
    const app = appWith()
    assert.throws(
      () =>
        assignModuleConnection(app, 'orders', undefined, {
          ORDERS_DATABASE_URL: 'mysql://root@db/orders',
        }),
      'ORDERS_DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/database) or sqlite:<file> (relative to the app root); it begins with mysql:'
    )
    assert.throws(
      () => assignModuleConnection(app, 'orders', undefined, { ORDERS_DATABASE_URL: 'sqlite:' }),
      /ORDERS_DATABASE_URL must be/
    )
    assert.throws(
      () => assignModuleConnection(app, 'orders', 'orders_db', {}),
      `The orders module's registration names the database connection "orders_db", which config/database.ts does not define (it defines sqlite, pg): add it there, or set ORDERS_DATABASE_URL instead`
    )
    // Nothing was half-set by the refusals.
    assert.deepEqual(connectionsInUse(app), ['pg'])
    assert.notProperty(connections(app), 'orders')
  })

  test('a snake_case module reads ORDER_ITEMS_DATABASE_URL', ({ assert }) => {
    const app = appWith()
    const name = assignModuleConnection(app, 'order_items', undefined, {
      ORDER_ITEMS_DATABASE_URL: 'postgres://app@db/items',
    })
    assert.equal(name, 'order_items')
  })
})
