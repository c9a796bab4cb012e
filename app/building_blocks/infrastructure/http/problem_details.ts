import type { HttpContext } from '@adonisjs/core/http'
import type { AppError, ErrorKind } from '../../application/app_error.js'

/** An RFC 9457 problem-details document, with Pantheon's `code`, `traceId` and `errors`. */
export interface ProblemDetails {
  type: string
  title: string
  status: number
  detail: string
  instance: string
  code: string
  traceId: string
  errors?: readonly ProblemError[]
  [extension: string]: unknown
}

/** One entry of `errors`: a failed field for validation, otherwise the failure itself. */
export interface ProblemError {
  readonly field?: string
  readonly code: string
  readonly message: string
}

interface StatusDescription {
  status: number
  title: string
  type: string
}

const RFC9110 = 'https://www.rfc-editor.org/rfc/rfc9110#section-'

/** Statuses Pantheon answers with, each with its RFC 9110 reference as the problem `type`. */
const STATUSES: Record<number, StatusDescription> = {
  400: { status: 400, title: 'Bad Request', type: `${RFC9110}15.5.1` },
  401: { status: 401, title: 'Unauthorized', type: `${RFC9110}15.5.2` },
  403: { status: 403, title: 'Forbidden', type: `${RFC9110}15.5.4` },
  404: { status: 404, title: 'Not Found', type: `${RFC9110}15.5.5` },
  405: { status: 405, title: 'Method Not Allowed', type: `${RFC9110}15.5.6` },
  409: { status: 409, title: 'Conflict', type: `${RFC9110}15.5.10` },
  410: { status: 410, title: 'Gone', type: `${RFC9110}15.5.11` },
  412: { status: 412, title: 'Precondition Failed', type: `${RFC9110}15.5.13` },
  413: { status: 413, title: 'Content Too Large', type: `${RFC9110}15.5.14` },
  415: { status: 415, title: 'Unsupported Media Type', type: `${RFC9110}15.5.16` },
  422: { status: 422, title: 'Unprocessable Content', type: `${RFC9110}15.5.21` },
  428: {
    status: 428,
    title: 'Precondition Required',
    type: 'https://www.rfc-editor.org/rfc/rfc6585#section-3',
  },
  429: {
    status: 429,
    title: 'Too Many Requests',
    type: 'https://www.rfc-editor.org/rfc/rfc6585#section-4',
  },
  500: { status: 500, title: 'Internal Server Error', type: `${RFC9110}15.6.1` },
  501: { status: 501, title: 'Not Implemented', type: `${RFC9110}15.6.2` },
  503: { status: 503, title: 'Service Unavailable', type: `${RFC9110}15.6.4` },
}

/** The one place an error kind becomes an HTTP status. */
export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  preconditionFailed: 412,
  unavailable: 503,
  notImplemented: 501,
  failure: 500,
}

function describeStatus(status: number): StatusDescription {
  return STATUSES[status] ?? { status, title: 'Error', type: 'about:blank' }
}

export interface ProblemInput {
  status: number
  code: string
  detail: string
  errors?: readonly ProblemError[]
  extensions?: Record<string, unknown>
}

/**
 * The most entries `errors` lists: past it the document says how many more there were
 * (`omittedErrors`), so that a body of thousands of bad fields gets an answer of a few KB
 * instead of megabytes.
 */
export const MAX_LISTED_ERRORS = 20

/** Builds the document for the current request; `traceId` is the request id (X-Request-Id). */
function problemDetails(ctx: HttpContext, input: ProblemInput): ProblemDetails {
  return problemDocument(input, { instance: ctx.request.url(), traceId: ctx.request.id() ?? '' })
}

/** Builds the document for a request known only by its path and request id. */
export function problemDocument(
  input: ProblemInput,
  request: { instance: string; traceId: string }
): ProblemDetails {
  const { status, title, type } = describeStatus(input.status)
  const problem: ProblemDetails = {
    type,
    title,
    status,
    detail: input.detail,
    instance: request.instance,
    code: input.code,
    traceId: request.traceId,
    ...input.extensions,
  }
  if (input.errors && input.errors.length > MAX_LISTED_ERRORS) {
    problem.errors = input.errors.slice(0, MAX_LISTED_ERRORS)
    problem.omittedErrors = input.errors.length - MAX_LISTED_ERRORS
  } else if (input.errors && input.errors.length > 0) problem.errors = input.errors
  // A 400 always says what to fix in `errors`: the failed fields, or else the failure itself.
  else if (status === 400) problem.errors = [{ code: input.code, message: input.detail }]
  return problem
}

export function sendProblem(ctx: HttpContext, input: ProblemInput): void {
  ctx.response
    .status(input.status)
    .header('content-type', 'application/problem+json; charset=utf-8')
    .send(JSON.stringify(problemDetails(ctx, input)))
}

/**
 * Answers with the problem document for an expected failure returned by a handler. `errors`
 * lists every failed field of a validation failure, and the failure itself for other kinds.
 */
export function sendAppError(ctx: HttpContext, error: AppError): void {
  const errors: readonly ProblemError[] =
    error.fieldErrors.length > 0
      ? error.fieldErrors
      : [{ code: error.code, message: error.message }]
  sendProblem(ctx, {
    status: STATUS_BY_KIND[error.kind],
    code: error.code,
    detail: error.message,
    errors,
  })
}
