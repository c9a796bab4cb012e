import { randomUUID } from 'node:crypto'
import { defineIntegrationEvent } from '@pantheon/kit/integration'

/** The benchmark's own event, shaped like catalog.product_created so rows and messages are of a real size. */
export const BENCH_EVENT = defineIntegrationEvent<{
  id: string
  name: string
  price: number
  n: number
}>('bench.product_created', 1)

export function benchPayload(n: number) {
  return { id: randomUUID(), name: `Benchmark product ${n}`, price: 19.99, n }
}
