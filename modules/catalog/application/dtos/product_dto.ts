/** A product as the application hands it out: plain data, never the aggregate or a model. */
export interface ProductDto {
  id: string
  name: string
  price: number
  /** The stored version: answered as ETag, never in the body (the v1 representation is fixed). */
  version: number
}
