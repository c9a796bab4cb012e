import type { HttpContext } from '@adonisjs/core/http'
import { HealthChecks } from '@adonisjs/core/health'
import db from '@adonisjs/lucid/services/db'
import { DbCheck } from '@adonisjs/lucid/database'
import { sendProblem } from '#building_blocks/infrastructure/http/problem_details'
import { sendJson } from '#building_blocks/infrastructure/http/json_response'

/**
 * Liveness: the process answers. Readiness: its dependencies (the database) answer too; a load
 * balancer stops sending traffic while it is 503. The check asks the connection as configured
 * now, so a database that comes back is seen at once.
 */
export async function live(ctx: HttpContext) {
  sendJson(ctx, 200, { status: 'ok' })
}

export async function ready(ctx: HttpContext) {
  const report = await new HealthChecks().register([new DbCheck(db.connection())]).run()
  const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.status]))
  if (report.isHealthy) return sendJson(ctx, 200, { status: 'ok', checks })
  sendProblem(ctx, {
    status: 503,
    code: 'Health.NotReady',
    detail: 'A dependency is not ready: see checks',
    extensions: { checks },
  })
}
