import type { HttpContext } from '@adonisjs/core/http'
import { HealthChecks, type BaseCheck } from '@adonisjs/core/health'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DbCheck } from '@adonisjs/lucid/database'
import { sendProblem } from '../building_blocks/infrastructure/http/problem_details.js'
import { sendJson } from '../building_blocks/infrastructure/http/json_response.js'
import { MessageTransport } from '../building_blocks/infrastructure/messaging/message_transport.js'
import { TransportCheck } from './transport_check.js'
import { DatabaseGateCheck } from './database_gate_check.js'
import { DatabaseStorageCheck } from './database_storage_check.js'
import { BoundedCheck } from './bounded_check.js'
import { pantheonConfig } from './pantheon_config.js'
import { redisConnection } from './redis_connection.js'
import { connectionsInUse } from '../building_blocks/infrastructure/persistence/module_connections.js'

/**
 * Liveness: the process answers. Readiness: its dependencies (the database, the broker when
 * events travel through one, Redis when it keeps the rate limit's counts) answer too; a load balancer stops sending traffic while it
 * is 503. The checks ask the connections as they are now, so a dependency that comes back is
 * seen at once; one that does not answer within 2 s counts as not ready.
 */
export async function live(ctx: HttpContext) {
  sendJson(ctx, 200, { status: 'ok' })
}

export async function ready(ctx: HttpContext) {
  const transport = await app.container.make(MessageTransport)
  const checks: BaseCheck[] = [
    // The default database and each module's own (module_connections.ts).
    ...connectionsInUse(app).map((connection) => new DbCheck(db.connection(connection))),
    new DatabaseGateCheck(),
    new DatabaseStorageCheck(db),
  ]
  // The in-process transport has nothing to reach; a broker does.
  if (transport.name !== 'memory') checks.push(new TransportCheck(transport))
  if (pantheonConfig(app).rateLimit.store === 'redis') checks.push(await redisCheck())
  const report = await new HealthChecks()
    .register(checks.map((check) => new BoundedCheck(check)))
    .run()
  const statuses = Object.fromEntries(report.checks.map((check) => [check.name, check.status]))
  if (report.isHealthy) return sendJson(ctx, 200, { status: 'ok', checks: statuses })
  sendProblem(ctx, {
    status: 503,
    code: 'Health.NotReady',
    detail: 'A dependency is not ready: see checks',
    extensions: { checks: statuses },
  })
}

/** Loaded only when asked for, so that a host that never uses Redis never loads ioredis. */
async function redisCheck(): Promise<BaseCheck> {
  const [{ RedisCheck }, connection] = await Promise.all([
    import('@adonisjs/redis'),
    redisConnection(app.container),
  ])
  return new RedisCheck(connection)
}
