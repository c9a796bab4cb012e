import type { QueryHandler } from '#building_blocks/application/handlers'
import { success, type Result } from '#building_blocks/application/result'
import { GetOrdersSampleQuery } from './get_orders_sample_query.js'

export default class GetOrdersSampleHandler implements QueryHandler<GetOrdersSampleQuery> {
  static readonly handles = GetOrdersSampleQuery

  async handle(): Promise<Result<string>> {
    return success('Orders module is running')
  }
}
