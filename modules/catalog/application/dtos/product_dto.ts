/** A product as the application hands it out: plain data, never the aggregate or a model. */
export interface ProductDto {
  id: string
  name: string
  price: number
}
