// Edited after generation: the fields of the version 2.0 representation, and the version its GET answers as ETag.
/** What GetProductByIdV2 returns: a product with everything the catalog knows about it. */
export interface ProductDetailsDto {
  id: string
  /** The stored version: answered as ETag, never in the body. */
  version: number
  name: string
  price: number
  category: string | null
  /** ISO 8601, UTC. */
  createdAt: string
}
