import { type QueryHandler, type Result, success } from '@pantheon/kit/application'
import { GetOrdersSampleQuery } from './get_orders_sample_query.js'

export default class GetOrdersSampleHandler implements QueryHandler<GetOrdersSampleQuery> {
  static readonly handles = GetOrdersSampleQuery

  async handle(): Promise<Result<string>> {
    return success('Orders module is running')
  }
}
