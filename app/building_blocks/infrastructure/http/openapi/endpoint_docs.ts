import type { Representation } from './representation.js'

/** What the API reference says about an endpoint, declared on the endpoint class. */
export interface EndpointDocs {
  summary: string
  description?: string
  /** The validator of the command the endpoint sends: its fields are the JSON request body. */
  requestBody?: { toJSONSchema(): object }
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
