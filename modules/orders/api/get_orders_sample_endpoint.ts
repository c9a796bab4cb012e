import type { HttpContext } from '@adonisjs/core/http'
import { type EndpointDocs, MediatorEndpoint, TEXT_REPRESENTATION } from '@pantheon/kit/http'
import { GetOrdersSampleQuery } from '../application/queries/get_orders_sample/get_orders_sample_query.js'

/**
 * GET /api/orders/sample → 200 "Orders module is running", whatever API version is named (it
 * is version-neutral: a probe has no shape to version).
 */
export default class GetOrdersSampleEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/sample'
  readonly apiVersionNeutral = true
  readonly docs: EndpointDocs = {
    summary: 'Check that the module is running',
    description:
      'Answers a fixed message without touching the database: a quick sign that the orders module is mounted.',
    response: { status: 200, description: 'A message', representation: TEXT_REPRESENTATION },
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetOrdersSampleQuery())
    this.respond(ctx, result, (message) => this.ok(ctx, message))
  }
}
