import { Column, Entity, PrimaryColumn } from 'typeorm'

/** Catalog's products table, as Pantheon's migrations made it (the bench's database). */
@Entity({ name: 'catalog_products' })
export class Product {
  @PrimaryColumn('uuid')
  id: string

  @Column('varchar')
  name: string

  /** numeric(14,2): the driver returns it as a string. */
  @Column('numeric')
  price: string

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date
}
