import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  fromSqlDateTime,
  type ListedColumn,
  listPage,
  PreparedRead,
  removeVersioned,
  saveVersioned,
  toSqlDateTime,
  type LucidUnitOfWork,
} from '@pantheon/kit/persistence'
import { Product } from '../../domain/product.js'
import { ProductId } from '../../domain/product_id.js'
import {
  ProductRepository,
  type ProductListCriteria,
  type ProductListField,
  type ProductPage,
} from '../../domain/product_repository.js'

export const PRODUCTS_TABLE = 'catalog_products'

/** The columns a list sorts and filters by, and how a value is compared with each. */
const LISTED_COLUMNS: Record<ProductListField, ListedColumn> = {
  name: { column: 'name' },
  price: { column: 'price' },
  category: { column: 'category' },
  createdAt: {
    column: 'created_at',
    toSql: (value, client) => toSqlDateTime(client, value as Date),
  },
}

/** A row of catalog_products, as the drivers return it. */
interface ProductRow {
  id: string
  version: number
  name: string
  price: string | number
  category: string | null
  created_at: Date | string
}

/** Read on every GET of one and by every command that changes one: its SQL is built once. */
const productById = new PreparedRead<ProductRow>((query, parameter) =>
  query
    .from(PRODUCTS_TABLE)
    .select('id', 'version', 'name', 'price', 'category', 'created_at')
    .where('id', parameter(0))
    .limit(1)
)

/**
 * Products in the catalog_products table, read and written with the query builder inside the
 * module's unit of work. Each value is converted for the connection: UTC text or timestamptz
 * for datetimes, `yyyy-MM-dd` for dates, JSON text (or NULL) for JSON.
 */
export class LucidProductRepository extends ProductRepository {
  constructor(private readonly unitOfWork: LucidUnitOfWork) {
    super()
  }

  async add(product: Product): Promise<void> {
    this.unitOfWork.track(product)
    const client = this.unitOfWork.client()
    await client.insertQuery().table(PRODUCTS_TABLE).insert(toRow(product, client))
  }

  async save(product: Product): Promise<boolean> {
    this.unitOfWork.track(product)
    const client = this.unitOfWork.client()
    const { id, version, ...changes } = toRow(product, client)
    const row = { table: PRODUCTS_TABLE, entity: 'Product', id, version }
    return saveVersioned(client, row, changes)
  }

  async findById(id: ProductId): Promise<Product | null> {
    const row = await productById.first(this.unitOfWork, [id])
    return row ? toEntity(row) : null
  }

  async remove(product: Product): Promise<boolean> {
    this.unitOfWork.track(product)
    const { id, version } = product
    const row = { table: PRODUCTS_TABLE, entity: 'Product', id, version }
    return removeVersioned(this.unitOfWork.client(), row)
  }

  async list(criteria: ProductListCriteria): Promise<ProductPage> {
    const client = this.unitOfWork.client()
    const { rows, total } = await listPage(client, PRODUCTS_TABLE, criteria, LISTED_COLUMNS)
    return { items: (rows as ProductRow[]).map((row) => toEntity(row)), total }
  }
}

/** The row's columns, each value as the connection stores it. */
function toRow(product: Product, client: QueryClientContract) {
  return {
    id: product.id as string,
    version: product.version,
    name: product.name,
    price: product.price,
    category: product.category,
    created_at: toSqlDateTime(client, product.createdAt),
  }
}

function toEntity(row: ProductRow): Product {
  return Product.restore({
    id: ProductId.parse(row.id),
    version: Number(row.version),
    name: row.name,
    price: Number(row.price),
    category: row.category ?? null,
    createdAt: fromSqlDateTime(row.created_at),
  })
}
