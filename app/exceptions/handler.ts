import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import {
  sendAppError,
  sendProblem,
  type ProblemInput,
} from '../building_blocks/infrastructure/http/problem_details.js'
import { answerUnmatchedRoute } from '../building_blocks/infrastructure/http/unmatched_route.js'
import {
  answerUnauthenticated,
  UNAUTHORIZED_ACCESS,
} from '../building_blocks/infrastructure/auth/authentication.js'
import { VersionedModules } from '../building_blocks/infrastructure/http/versioning/versioned_modules.js'
import { translateDatabaseUnavailable } from '../building_blocks/infrastructure/persistence/database_unavailable.js'
import {
  isStorageFull,
  translateStorageFull,
} from '../building_blocks/infrastructure/persistence/storage_full.js'
import { storageHealth } from '../building_blocks/infrastructure/persistence/storage_health.js'
import { translateConstraintViolation } from '../building_blocks/infrastructure/persistence/constraint_violation.js'
import { translateReferenceErrors } from '../building_blocks/infrastructure/persistence/entity_references.js'
import { translateConcurrentUpdate } from '../building_blocks/infrastructure/persistence/concurrent_update.js'
import { UNEXPECTED_ERROR_CODE } from '../building_blocks/application/pipeline/exception_guard_behavior.js'

interface HttpError {
  status?: number
  code?: string
  message?: string
}

const MALFORMED_JSON: Omit<ProblemInput, 'status'> = {
  code: 'Request.InvalidJson',
  detail: 'The request body is not valid JSON: send a JSON object',
}

/**
 * Every error that escapes a handler or the framework leaves as RFC 9457 problem details, in the
 * same shape the mediator's failures use. Only unexpected errors answer 500; their details are
 * logged (see `report`) and never sent.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  async handle(error: unknown, ctx: HttpContext) {
    if ((error as HttpError)?.code === 'E_ROUTE_NOT_FOUND') {
      const router = await ctx.containerResolver.make('router')
      return answerUnmatchedRoute(ctx, router, await ctx.containerResolver.make(VersionedModules))
    }
    // A write outside any unit of work (code that uses the database directly) is marked here.
    if (isStorageFull(error)) storageHealth.reportFull()
    const known =
      translateStorageFull(error) ??
      translateDatabaseUnavailable(error) ??
      translateReferenceErrors(error) ??
      translateConstraintViolation(error) ??
      translateConcurrentUpdate(error)
    if (known) return sendAppError(ctx, known)
    if ((error as HttpError)?.code === UNAUTHORIZED_ACCESS) return answerUnauthenticated(ctx)
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      return sendProblem(ctx, {
        status: 400,
        code: 'Validation.Failed',
        detail: 'One or more fields are invalid',
        errors: error.messages.map((m: { field: string; rule: string; message: string }) => ({
          field: m.field,
          code: m.rule,
          message: m.message,
        })),
      })
    }
    return sendProblem(ctx, this.describe(error as HttpError))
  }

  async report(error: unknown, ctx: HttpContext) {
    if (
      this.isUnexpected(error as HttpError) &&
      !translateDatabaseUnavailable(error) &&
      !isStorageFull(error) &&
      !translateReferenceErrors(error) &&
      !translateConstraintViolation(error) &&
      !translateConcurrentUpdate(error)
    ) {
      ctx.logger.error({ err: error }, 'unhandled error while serving the request')
    }
  }

  private isUnexpected(error: HttpError) {
    return !error?.status || error.status >= 500
  }

  private describe(error: HttpError): ProblemInput {
    if (this.isUnexpected(error)) {
      return { status: 500, code: UNEXPECTED_ERROR_CODE, detail: 'An unexpected error occurred' }
    }
    const status = error.status!
    if (status === 413) {
      return { status, code: 'Request.TooLarge', detail: 'The request body is over the 1 MB limit' }
    }
    if (status === 415) {
      return { status, code: 'Request.UnsupportedMediaType', detail: error.message ?? '' }
    }
    if (error instanceof SyntaxError || error.message?.startsWith('Invalid JSON')) {
      return { status: 400, ...MALFORMED_JSON }
    }
    return { status, code: error.code ?? 'Request.Invalid', detail: error.message ?? '' }
  }
}
