// Edited after generation: the fields of the version 1.0 answer only, which the read model reads from the columns they need (a GET by id is the busiest path: docs/performance.md).
/** A Product as the application hands it out to version 1.0: plain JSON-ready data. */
export interface ProductDto {
  id: string
  /** The version it shows: its GET answers it as ETag, for If-Match on a change. */
  version: number
  name: string
  price: number
}
