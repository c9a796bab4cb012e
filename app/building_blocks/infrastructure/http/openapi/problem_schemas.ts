import type { JsonSchema } from './representation.js'

/** The RFC 9457 document every failure is, as a component of each API document. */
export const PROBLEM_DETAILS_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details',
  properties: {
    type: { type: 'string', description: 'A URI reference identifying the problem type' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'What went wrong and what to fix' },
    instance: { type: 'string', description: 'The request path' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. Product.NotFound' },
    traceId: { type: 'string', description: 'The X-Request-Id of the response' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string' },
          code: { type: 'string' },
          message: { type: 'string' },
        },
        required: ['code', 'message'],
      },
    },
    supportedVersions: { type: 'array', items: { type: 'string' } },
  },
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'traceId'],
}

export const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (validation, malformed JSON) or an unsupported, malformed or ambiguous API version',
  404: 'Not found',
  409: 'Conflict',
  410: 'This API version is past its sunset date',
  413: 'The request body is over 1 MB',
  415: 'The request body is not JSON',
  500: 'Unexpected error (details are logged, never sent)',
  503: 'A dependency (the database) cannot be reached right now',
}
