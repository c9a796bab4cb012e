import { AggregateRoot, characterCount, DomainError } from '@pantheon/kit/domain'
import type { Price } from './price.js'
import { ProductCreated } from './product_created.js'
import { ProductId } from './product_id.js'

export const PRODUCT_NAME_MAX_LENGTH = 200
export const PRODUCT_CATEGORY_MAX_LENGTH = 100

export interface NewProduct {
  name: string
  price: Price
  /** Optional: products created before categories existed have none. */
  category?: string | null
}

/** A product of the catalog: the aggregate every Catalog use case works on. */
export class Product extends AggregateRoot<ProductId> {
  private constructor(
    id: ProductId,
    readonly name: string,
    readonly price: Price,
    readonly category: string | null,
    readonly createdAt: Date
  ) {
    super(id)
  }

  /** A new product with a fresh id; raises ProductCreated. */
  static create(input: NewProduct): Product {
    const name = requireText(input.name, PRODUCT_NAME_MAX_LENGTH, 'Product.InvalidName', 'name')
    const category =
      input.category === undefined || input.category === null
        ? null
        : requireText(
            input.category,
            PRODUCT_CATEGORY_MAX_LENGTH,
            'Product.InvalidCategory',
            'category'
          )
    const product = new Product(ProductId.create(), name, input.price, category, new Date())
    product.raise(
      new ProductCreated(product.id, product.name, product.price.amount, product.category)
    )
    return product
  }
}

function requireText(value: string, maxLength: number, code: string, field: string): string {
  const text = value.trim()
  if (text.length === 0 || characterCount(text) > maxLength) {
    throw new DomainError(code, `A product ${field} has 1 to ${maxLength} characters`)
  }
  return text
}
