// Written by hand: the version 2.0 representation the specification fixes, with links a client follows.
import vine from '@vinejs/vine'
import { defineRepresentation, type RepresentationOf } from '@pantheon/kit/http'
import type { ProductDetailsDto } from '../../application/dtos/product_details_dto.js'

/**
 * The v2 representation: v1's fields plus category (null for products created through v1),
 * createdAt, and links a client can follow without building URLs.
 */
export const productV2Representation = defineRepresentation(
  vine.object({
    id: vine.string().uuid(),
    name: vine.string(),
    price: vine.number(),
    category: vine.string().nullable(),
    createdAt: vine.string().meta({ format: 'date-time' }),
    links: vine.object({
      self: vine.string().meta({ format: 'uri-reference' }),
      delete: vine.string().meta({ format: 'uri-reference' }),
    }),
  })
)

export function serializeProductV2(
  product: ProductDetailsDto
): RepresentationOf<typeof productV2Representation> {
  const self = `/api/v2/catalog/${product.id}`
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    category: product.category,
    createdAt: product.createdAt,
    links: { self, delete: self },
  }
}
