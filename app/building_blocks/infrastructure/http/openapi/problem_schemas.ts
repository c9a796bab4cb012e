import { MAX_LISTED_ERRORS } from '../problem_details.js'
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
      maxItems: MAX_LISTED_ERRORS,
      description: `Every failure, up to ${MAX_LISTED_ERRORS} (omittedErrors counts the rest)`,
    },
    omittedErrors: {
      type: 'integer',
      minimum: 1,
      description: `How many failures errors leaves out (present only past ${MAX_LISTED_ERRORS})`,
    },
    supportedVersions: { type: 'array', items: { type: 'string' } },
  },
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'traceId'],
}

/** What each failure status means, naming the problem codes it comes with. */
export const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: Validation.Failed (errors names each field, unknownField for a field the body may not have), Request.InvalidJson, Request.TooDeep, Request.TooManyValues, Request.InvalidCharacter, Request.UndecodableBody, Request.InvalidIfMatch, Request.InvalidIfNoneMatch; or an API version problem: UnsupportedApiVersion, InvalidApiVersion, AmbiguousApiVersion (with supportedVersions)',
  401: 'Auth.Unauthenticated: no valid access token (send Authorization: Bearer <token>); or the handler refused the caller',
  403: "Auth.Forbidden: the caller's account does not hold the permission the operation needs (named in permission); or the handler refused the action",
  404: 'Not found (the resource, or Route.NotFound)',
  409: 'Conflict with the current state: a unique value taken (<Entity>.<Property>Taken), a record still referred to, or a change that lost a race with another one (<Entity>.ConcurrentUpdate; read it again and reapply the change)',
  410: 'ApiVersionSunset: this API version is past its sunset date (with supportedVersions)',
  412: '<Entity>.VersionMismatch: If-Match names a version that is no longer the stored one; nothing was changed (GET it again for its ETag)',
  413: 'Request.TooLarge: the request body is over 1 MB',
  415: 'Request.UnsupportedMediaType: the request body is not JSON',
  428: 'Request.IfMatchRequired: this module changes a resource only with If-Match (its ETag from a GET)',
  429: 'RateLimit.Exceeded: too many requests from this client; send again after Retry-After seconds',
  500: 'Unexpected error (details are logged, never sent)',
  501: '<UseCase>.NotImplemented: the handler of this command or query is not written yet',
  503: 'A dependency cannot be reached right now (Database.Unavailable: nothing was stored), the database never confirmed the change (Database.CommitUnconfirmed: it may have been stored; read it back before sending it again), or the handler ran out of time',
}

/** The `components.responses` name of each failure status. */
export const PROBLEM_RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  412: 'PreconditionFailed',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  428: 'PreconditionRequired',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  501: 'NotImplemented',
  503: 'ServiceUnavailable',
}
