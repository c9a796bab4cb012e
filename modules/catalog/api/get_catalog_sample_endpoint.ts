import type { HttpContext } from '@adonisjs/core/http'
import { TEXT_REPRESENTATION } from '#building_blocks/infrastructure/http/openapi/representation'
import type { EndpointDocs } from '#building_blocks/infrastructure/http/openapi/endpoint_docs'
import { MediatorEndpoint } from '#building_blocks/infrastructure/http/endpoint'
import { GetCatalogSampleQuery } from '../application/queries/get_catalog_sample/get_catalog_sample_query.js'

/** GET /api/catalog/sample → 200 "Catalog module is running". */
export default class GetCatalogSampleEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/sample'
  readonly docs: EndpointDocs = {
    summary: 'Check that the module is running',
    response: { status: 200, description: 'A message', representation: TEXT_REPRESENTATION },
  }

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetCatalogSampleQuery())
    this.respond(ctx, result, (message) => this.ok(ctx, message))
  }
}
