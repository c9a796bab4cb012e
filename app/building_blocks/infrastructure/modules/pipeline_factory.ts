import type { CommandValidator } from '../../application/validation/command_validator.js'
import type { UnitOfWork } from '../../application/unit_of_work.js'
import {
  ExceptionGuardBehavior,
  type ExceptionTranslator,
  type UnexpectedErrorReporter,
} from '../../application/pipeline/exception_guard_behavior.js'
import {
  LoggingBehavior,
  type PipelineLogger,
} from '../../application/pipeline/logging_behavior.js'
import type { PipelineBehavior } from '../../application/pipeline/pipeline_behavior.js'
import {
  hasPreparation,
  PreparationBehavior,
} from '../../application/pipeline/preparation_behavior.js'
import {
  DEFAULT_HANDLER_TIMEOUT_MS,
  TimeoutBehavior,
} from '../../application/pipeline/timeout_behavior.js'
import { UnitOfWorkBehavior } from '../../application/pipeline/unit_of_work_behavior.js'
import { ValidationBehavior } from '../../application/pipeline/validation_behavior.js'

/**
 * Builds the pipeline of each message, in the documented order:
 * exception guard → logging → validation → preparation → unit of work → timeout → handler.
 * The guard, logging and timeout steps are shared by every message; validation, preparation and
 * the unit of work are per command (queries only read, so they get none). The timeout sits
 * inside the unit of work so that a handler answered with a timeout can never have its work
 * committed. Preparation (a handler's `prepare`) runs before the transaction opens, within a
 * timeout of its own.
 */
export class PipelineFactory {
  readonly #outer: readonly PipelineBehavior[]
  readonly #timeout: TimeoutBehavior

  constructor(options: {
    translators: readonly ExceptionTranslator[]
    report: UnexpectedErrorReporter
    logger: PipelineLogger
    /** How long a handler may run before its message answers 503 `Handler.Timeout`. */
    handlerTimeoutMs?: number
  }) {
    this.#outer = [
      new ExceptionGuardBehavior(options.translators, options.report),
      new LoggingBehavior(options.logger),
    ]
    const timeoutMs = options.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS
    // Nobody awaits a timed-out handler any more: its end is only ever seen in the log. A late
    // error is usually the rolled-back transaction refusing the handler's next write.
    this.#timeout = new TimeoutBehavior(timeoutMs, (late) => {
      const name = late.message.constructor.name
      const outcome = 'error' in late ? { err: late.error } : { ok: late.result.ok }
      options.logger.info(
        { message: name, timeoutMs, ...outcome },
        `${name} finished after its ${timeoutMs} ms timeout; its outcome was discarded`
      )
    })
  }

  forCommand(
    unitOfWork: UnitOfWork,
    validator?: CommandValidator,
    preparation?: PreparationBehavior
  ): PipelineBehavior[] {
    const validation = validator ? [new ValidationBehavior(validator)] : []
    const prepared = preparation ? [preparation] : []
    return [
      ...this.#outer,
      ...validation,
      ...prepared,
      new UnitOfWorkBehavior(unitOfWork),
      this.#timeout,
    ]
  }

  /** The preparation step of a command handler that has `prepare`; undefined for any other. */
  preparationOf(handler: object): PreparationBehavior | undefined {
    return hasPreparation(handler) ? new PreparationBehavior(handler, this.#timeout) : undefined
  }

  forQuery(): PipelineBehavior[] {
    return [...this.#outer, this.#timeout]
  }
}
