// Written by hand: what a version 1.0 GET reads, from the columns it needs only (a GET by id is the busiest path: docs/performance.md).
/** A product as version 1.0 answers it, with the version it answers as ETag. */
export interface ProductSummaryDto {
  id: string
  /** The stored version: answered as ETag, never in the body (the 1.0 representation is fixed). */
  version: number
  name: string
  price: number
}
