import { typedIdFactory, type TypedId } from '@pantheon/kit/domain'

/** The id of a Product: a time-ordered UUID (v7) that no other kind of id can stand in for. */
export type ProductId = TypedId<'ProductId'>

export const ProductId = typedIdFactory('ProductId')
