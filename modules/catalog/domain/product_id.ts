import { typedIdFactory, type TypedId } from '@pantheon/kit/domain'

/**
 * The id of a Product: a time-ordered UUID (v7) no other kind of id can stand in for.
 * `parse` and `isValid` are its converters for the database, JSON and validation.
 */
export type ProductId = TypedId<'ProductId'>

export const ProductId = typedIdFactory('ProductId')
