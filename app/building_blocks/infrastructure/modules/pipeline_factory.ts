import type { CommandValidator } from '../../application/validation/command_validator.js'
import type { UnitOfWork } from '../../application/unit_of_work.js'
import {
  ExceptionGuardBehavior,
  type ExceptionTranslator,
  type UnexpectedErrorReporter,
} from '../../application/pipeline/exception_guard_behavior.js'
import { LoggingBehavior, type PipelineLogger } from '../../application/pipeline/logging_behavior.js'
import type { PipelineBehavior } from '../../application/pipeline/pipeline_behavior.js'
import { UnitOfWorkBehavior } from '../../application/pipeline/unit_of_work_behavior.js'
import { ValidationBehavior } from '../../application/pipeline/validation_behavior.js'

/**
 * Builds the pipeline of each message, in the documented order:
 * exception guard → logging → validation → unit of work → handler.
 * The guard and logging steps are shared by every message; validation and the unit of work are
 * per command (queries only read, so they get neither).
 */
export class PipelineFactory {
  readonly #outer: readonly PipelineBehavior[]

  constructor(options: {
    translators: readonly ExceptionTranslator[]
    report: UnexpectedErrorReporter
    logger: PipelineLogger
  }) {
    this.#outer = [
      new ExceptionGuardBehavior(options.translators, options.report),
      new LoggingBehavior(options.logger),
    ]
  }

  forCommand(unitOfWork: UnitOfWork, validator?: CommandValidator): PipelineBehavior[] {
    const validation = validator ? [new ValidationBehavior(validator)] : []
    return [...this.#outer, ...validation, new UnitOfWorkBehavior(unitOfWork)]
  }

  forQuery(): PipelineBehavior[] {
    return [...this.#outer]
  }
}
