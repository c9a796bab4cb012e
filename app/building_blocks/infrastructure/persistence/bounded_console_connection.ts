import type { Database } from '@adonisjs/lucid/database'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import {
  DEFAULT_POSTGRES_BOUNDS,
  postgresConnection,
  postgresUrlOf,
  type PostgresBounds,
} from './postgres_bounds.js'
import { watchPostgresAnswers, type WatchedPostgresClient } from './postgres_answer_watchdog.js'

/**
 * Gives a console process that runs as long as a host does (`node ace outbox:relay`) the host's
 * time limits on PostgreSQL. config/database.ts leaves console commands unbounded, for
 * migrations, and cannot tell which command runs when it loads; without the limits such a
 * process waits on a connection whose network path was cut for as long as TCP keeps it (hours)
 * and relays nothing meanwhile. Call it before the first query. Other databases: unchanged.
 */
export function boundPostgresForLongRunningCommand(
  db: Database,
  bounds: PostgresBounds = DEFAULT_POSTGRES_BOUNDS,
  name: string = db.primaryConnectionName
): void {
  const config = db.manager.get(name)?.config
  if (config?.client !== 'pg') return
  const pgConfig = config as PostgreConfig
  const url = postgresUrlOf(pgConfig)
  if (!url) return
  db.manager.patch(name, {
    ...pgConfig,
    connection: postgresConnection(url, bounds),
    pool: {
      ...pgConfig.pool,
      acquireTimeoutMillis: bounds.acquireMs,
      createTimeoutMillis: bounds.connectMs,
      propagateCreateError: true,
      afterCreate: (client: WatchedPostgresClient, done: (error?: Error) => void) => {
        watchPostgresAnswers(client, bounds)
        done()
      },
    },
  } as PostgreConfig)
}
