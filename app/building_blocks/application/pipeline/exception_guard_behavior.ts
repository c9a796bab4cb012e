import { AppError } from '../app_error.js'
import type { Message } from '../messages.js'
import { failure, type Result } from '../result.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

/**
 * Turns an exception into a known error when it is a recognised infrastructure failure
 * (a database that cannot be reached, for instance), or returns `undefined` to let it through.
 */
export type ExceptionTranslator = (error: unknown) => AppError | undefined

/** Receives every exception the guard could not translate, with the message that caused it. */
export type UnexpectedErrorReporter = (error: unknown, message: Message) => void

export const UNEXPECTED_ERROR_CODE = 'Server.Unexpected'

/**
 * The outermost step: no exception leaves the mediator. Translated failures keep their meaning
 * (503 for an unreachable database); anything else is reported in full and becomes a generic
 * failure whose message reveals nothing about the internals.
 */
export class ExceptionGuardBehavior implements PipelineBehavior {
  constructor(
    private readonly translators: readonly ExceptionTranslator[],
    private readonly report: UnexpectedErrorReporter
  ) {}

  async handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    try {
      return await next(message)
    } catch (error) {
      return failure(this.translate(error, message))
    }
  }

  private translate(error: unknown, message: Message): AppError {
    for (const translator of this.translators) {
      const known = translator(error)
      if (known) return known
    }
    this.report(error, message)
    return AppError.failure(UNEXPECTED_ERROR_CODE, 'An unexpected error occurred')
  }
}
