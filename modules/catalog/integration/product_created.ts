// Edited after generation: the rules of the commands that create products, as version 1 was first published with them (a price from 0, a length counted as sent).
import vine from '@vinejs/vine'
import { defineIntegrationEvent, maxCharacters } from '@pantheon/kit/integration'

/**
 * Published when a product enters the catalog, through any API version. Other modules may
 * import this contract; version 1 of its payload never changes incompatibly.
 * @pantheonProperties Id:uuid,Name:string(200),Price:decimal(14,2),Category:string(100)?
 */
export interface ProductCreatedPayload {
  id: string
  name: string
  price: number
  /** Set for products created through API 2.0 and later. */
  category?: string
}

/*
 * The rules of the commands that create products (CreateProduct, CreateProductV2), their limits
 * written out: a contract imports nothing of its module beyond this folder.
 * tests/unit/product_created_contract.spec.ts holds the two to the same answers.
 */
const LIMITS = {
  nameCharacters: 200,
  categoryCharacters: 100,
  maxPrice: 999_999_999_999.99,
} as const

export const productCreatedEvent = defineIntegrationEvent<ProductCreatedPayload>(
  'catalog.product_created',
  1,
  vine.create({
    id: vine.string().uuid(),
    name: vine.string().use(maxCharacters(LIMITS.nameCharacters)).trim().minLength(1),
    price: vine.number({ strict: true }).min(0).max(LIMITS.maxPrice).decimal([0, 2]),
    category: vine
      .string()
      .use(maxCharacters(LIMITS.categoryCharacters))
      .trim()
      .minLength(1)
      .optional(),
  })
)
