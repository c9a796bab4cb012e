import type { HttpContext } from '@adonisjs/core/http'
import { MediatorEndpoint } from '@pantheon/kit/http'
import type { EndpointDocs } from '@pantheon/kit/http'
import { TEXT_REPRESENTATION } from '@pantheon/kit/http'
import { GetVersionProbeSampleQuery } from '../application/queries/get_version_probe_sample/get_version_probe_sample_query.js'

/** GET /api/version-probe/sample → 200 "Version probe module is running". */
export default class GetVersionProbeSampleEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/sample'
  readonly docs: EndpointDocs = {
    summary: 'Check that the module is running',
    response: { status: 200, description: 'A message', representation: TEXT_REPRESENTATION },
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetVersionProbeSampleQuery())
    this.respond(ctx, result, (message) => this.ok(ctx, message))
  }
}
