import type { HttpContext } from '@adonisjs/core/http'
import { MediatorEndpoint } from '#building_blocks/infrastructure/http/endpoint'
import { GetCatalogSampleQuery } from '../application/queries/get_catalog_sample/get_catalog_sample_query.js'

/** GET /api/catalog/sample → 200 "Catalog module is running". */
export default class GetCatalogSampleEndpoint extends MediatorEndpoint {
  readonly method = 'get'
  readonly path = '/sample'

  async handle(ctx: HttpContext) {
    const result = await this.mediator.query(new GetCatalogSampleQuery())
    this.respond(ctx, result, (message) => this.ok(ctx, message))
  }
}
