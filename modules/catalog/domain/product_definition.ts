import { defineEntity } from '@pantheon/kit/domain/definition'

/**
 * The shape of Product: read by the scaffolding commands to derive its CRUD commands,
 * queries and migrations. Keep it in step with the class in product.ts.
 */
export const productDefinition = defineEntity({
  name: 'Product',
  aggregate: true,
  properties: {
    name: { type: 'string', optional: false, length: 200 },
    price: { type: 'decimal', optional: false, precision: 14, scale: 2 },
    category: { type: 'string', optional: true, length: 100 },
    createdAt: { type: 'datetime', optional: false },
  },
})
