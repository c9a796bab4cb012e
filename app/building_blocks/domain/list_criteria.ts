/** How a filter compares a field with its value: `price[gte]=10` is `price >= 10`. */
export type ListOperator = '=' | '>' | '>=' | '<' | '<='

/**
 * What a list asks of a repository, in the entity's field names: one page, the filters every item
 * passes, and the order, first key first. A repository maps each field to its column; a field
 * outside its list of sortable and filterable fields cannot be named (`TField`).
 */
export interface ListCriteria<TField extends string> {
  /** From 1. */
  page: number
  perPage: number
  filters: { field: TField; operator: ListOperator; value: unknown }[]
  sort: { field: TField; descending: boolean }[]
}
