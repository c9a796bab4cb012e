import { AggregateRoot, requireProperty } from '@pantheon/kit/domain'
import { ProductCreated } from './product_created.js'
import { ProductDeleted } from './product_deleted.js'
import { ProductId } from './product_id.js'
import { ProductUpdated } from './product_updated.js'

/** What it takes to create a Product. */
export interface NewProduct {
  name: string
  price: number
  category?: string | null
  createdAt: Date
}

/** A stored Product, as the repository rebuilds it. */
export interface ProductSnapshot {
  id: ProductId
  /** 1 when created, one more at each save: a change made from an older one is refused. */
  version: number
  name: string
  price: number
  category: string | null
  createdAt: Date
}

/** What an update can change: every property but the id and the version. */
export type ProductChanges = Partial<Omit<ProductSnapshot, 'id' | 'version'>>

export class Product extends AggregateRoot<ProductId> {
  readonly version: number
  readonly name: string
  readonly price: number
  readonly category: string | null
  readonly createdAt: Date

  private constructor(snapshot: ProductSnapshot) {
    super(snapshot.id)
    this.version = snapshot.version
    this.name = snapshot.name
    this.price = snapshot.price
    this.category = snapshot.category
    this.createdAt = snapshot.createdAt
  }

  /** A new Product with a fresh id; required properties must be present. */
  static create(input: NewProduct): Product {
    const product = new Product({
      id: ProductId.create(),
      version: 1,
      name: requireProperty('Product', 'name', input.name),
      price: requireProperty('Product', 'price', input.price),
      category: input.category ?? null,
      createdAt: requireProperty('Product', 'createdAt', input.createdAt),
    })
    product.raise(new ProductCreated(product.toSnapshot()))
    return product
  }

  /** Rebuilds a stored Product; raises nothing. */
  static restore(snapshot: ProductSnapshot): Product {
    return new Product(snapshot)
  }

  /**
   * This Product with `changes`, to be saved in its place: a property left out (undefined)
   * keeps its value, null clears an optional one.
   * Raises ProductUpdated with what it becomes, at the version its save gives it.
   */
  withChanges(changes: ProductChanges): Product {
    const updated = new Product({
      ...this.toSnapshot(),
      name: changes.name === undefined ? this.name : changes.name,
      price: changes.price === undefined ? this.price : changes.price,
      category: changes.category === undefined ? this.category : changes.category,
      createdAt: changes.createdAt === undefined ? this.createdAt : changes.createdAt,
    })
    updated.raise(new ProductUpdated({ ...updated.toSnapshot(), version: this.version + 1 }))
    return updated
  }

  /** Called before the repository removes it: raises ProductDeleted with what it was. */
  markDeleted(): void {
    this.raise(new ProductDeleted({ ...this.toSnapshot(), version: this.version + 1 }))
  }

  toSnapshot(): ProductSnapshot {
    return {
      id: this.id,
      version: this.version,
      name: this.name,
      price: this.price,
      category: this.category,
      createdAt: this.createdAt,
    }
  }
}
