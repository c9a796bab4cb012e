import { Query } from '#building_blocks/application/messages'

/** Answers whether the module is up; touches no database. */
export class GetOrdersSampleQuery extends Query<string> {}
