import type { Message } from '../messages.js'
import type { Result } from '../result.js'
import type { UnitOfWork } from '../unit_of_work.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

/** Runs a command inside its module's unit of work: one transaction, committed only on success. */
export class UnitOfWorkBehavior implements PipelineBehavior {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    return this.unitOfWork.run(() => next(message))
  }
}
