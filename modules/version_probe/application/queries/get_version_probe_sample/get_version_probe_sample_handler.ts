import type { QueryHandler } from '@pantheon/kit/application'
import { success, type Result } from '@pantheon/kit/application'
import { GetVersionProbeSampleQuery } from './get_version_probe_sample_query.js'

export default class GetVersionProbeSampleHandler implements QueryHandler<GetVersionProbeSampleQuery> {
  static readonly handles = GetVersionProbeSampleQuery

  async handle(): Promise<Result<string>> {
    return success('Version probe module is running')
  }
}
