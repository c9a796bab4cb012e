import type { QueryHandler } from '#building_blocks/application/handlers'
import { success, type Result } from '#building_blocks/application/result'
import { GetCatalogSampleQuery } from './get_catalog_sample_query.js'

export default class GetCatalogSampleHandler implements QueryHandler<GetCatalogSampleQuery> {
  static readonly handles = GetCatalogSampleQuery

  async handle(): Promise<Result<string>> {
    return success('Catalog module is running')
  }
}
