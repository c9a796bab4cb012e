import { AggregateRoot } from '#building_blocks/domain/aggregate_root'
import { DomainError } from '#building_blocks/domain/domain_error'
import type { Price } from './price.js'
import { ProductCreated } from './product_created.js'
import { ProductId } from './product_id.js'

export const PRODUCT_NAME_MAX_LENGTH = 200

export interface NewProduct {
  name: string
  price: Price
}

export interface ProductSnapshot extends NewProduct {
  id: ProductId
  createdAt: Date
}

/** A product of the catalog: the aggregate every Catalog use case works on. */
export class Product extends AggregateRoot<ProductId> {
  private constructor(
    id: ProductId,
    readonly name: string,
    readonly price: Price,
    readonly createdAt: Date
  ) {
    super(id)
  }

  /** A new product with a fresh id; raises ProductCreated. */
  static create(input: NewProduct): Product {
    const name = input.name.trim()
    if (name.length === 0 || name.length > PRODUCT_NAME_MAX_LENGTH) {
      throw new DomainError(
        'Product.InvalidName',
        `A product name has 1 to ${PRODUCT_NAME_MAX_LENGTH} characters`
      )
    }
    const product = new Product(ProductId.create(), name, input.price, new Date())
    product.raise(new ProductCreated(product.id, product.name, product.price.amount))
    return product
  }

  /** Rebuilds a stored product; raises nothing. */
  static restore(snapshot: ProductSnapshot): Product {
    return new Product(snapshot.id, snapshot.name, snapshot.price, snapshot.createdAt)
  }
}
