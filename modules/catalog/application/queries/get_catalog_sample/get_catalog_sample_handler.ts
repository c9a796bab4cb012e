import { type QueryHandler, type Result, success } from '@pantheon/kit/application'
import { GetCatalogSampleQuery } from './get_catalog_sample_query.js'

export default class GetCatalogSampleHandler implements QueryHandler<GetCatalogSampleQuery> {
  static readonly handles = GetCatalogSampleQuery

  async handle(): Promise<Result<string>> {
    return success('Catalog module is running')
  }
}
