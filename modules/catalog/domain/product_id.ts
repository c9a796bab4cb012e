import { typedIdFactory, type TypedId } from '#building_blocks/domain/typed_id'

/** The id of a Product: a time-ordered UUID (v7) that no other kind of id can stand in for. */
export type ProductId = TypedId<'ProductId'>

export const ProductId = typedIdFactory('ProductId')
