/** One request and its response, as the contract checks see them. */
export interface Exchange {
  method: string
  /** The path as sent, without the query string. */
  path: string
  query: URLSearchParams
  /** Lower-case names. */
  requestHeaders: Record<string, string>
  /** The body as sent: undefined when there was none. */
  requestBody?: string
  status: number
  /** Lower-case names. */
  responseHeaders: Record<string, string>
  responseBody: string
}

/** The media type of a Content-Type value, without its parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0].trim().toLowerCase() || undefined
}
