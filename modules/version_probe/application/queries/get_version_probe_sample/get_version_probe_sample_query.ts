import { Query } from '@pantheon/kit/application'

/** Answers whether the module is up; touches no database. */
export class GetVersionProbeSampleQuery extends Query<string> {}
