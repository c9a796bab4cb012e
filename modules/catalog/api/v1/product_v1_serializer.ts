// Written by hand: the version 1.0 representation the specification fixes, exactly { id, name, price }.
import vine from '@vinejs/vine'
import { defineRepresentation, type RepresentationOf } from '@pantheon/kit/http'
import type { ProductSummaryDto } from '../../application/dtos/product_summary_dto.js'

/** The v1 representation of a product: exactly { id, name, price }. */
export const productV1Representation = defineRepresentation(
  vine.object({ id: vine.string().uuid(), name: vine.string(), price: vine.number() })
)

export function serializeProductV1(
  product: ProductSummaryDto
): RepresentationOf<typeof productV1Representation> {
  return { id: product.id, name: product.name, price: product.price }
}
