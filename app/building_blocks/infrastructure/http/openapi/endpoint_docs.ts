import type { Representation } from './representation.js'
import type { VineJsonSchemaSource } from './vine_json_schema.js'

/** What the API reference says about an endpoint, declared on the endpoint class. */
export interface EndpointDocs {
  summary: string
  description?: string
  /**
   * The validator of the command the endpoint sends: its fields are the JSON request body, and
   * the only fields the endpoint accepts (any other answers 400, see endpointHandler).
   */
  requestBody?: VineJsonSchemaSource
  /**
   * The validator of the query string (a list's `page` and `perPage`): its fields are the
   * operation's query parameters, and the only ones the endpoint takes (any other parameter, or
   * a value its rule refuses, answers 400 naming what is allowed; see endpointHandler).
   */
  queryParameters?: VineJsonSchemaSource
  response: {
    status: number
    description: string
    representation?: Representation<unknown>
    /** Headers of the success response, e.g. Location. */
    headers?: Record<string, string>
  }
  /** Failure statuses beyond the ones every endpoint can answer (400, 500, 503). */
  problems?: number[]
}
