/** A product with everything the catalog knows about it (API v2 and later). */
export interface ProductDetailsDto {
  id: string
  name: string
  price: number
  category: string | null
  /** ISO 8601, UTC. */
  createdAt: string
  /** The stored version: answered as ETag, never in the body. */
  version: number
}
