import { errors } from '@vinejs/vine'
import { AppError, type FieldError } from '../app_error.js'
import { Command, type Message } from '../messages.js'
import { failure, type Result } from '../result.js'
import type { CommandValidator } from '../validation/command_validator.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

export const VALIDATION_ERROR_CODE = 'Validation.Failed'

/**
 * Checks a command with its validator. On failure the handler never runs and the result lists
 * every failed field; on success the handler receives the validated values (trimmed, converted).
 */
export class ValidationBehavior implements PipelineBehavior {
  constructor(private readonly definition: CommandValidator) {}

  async handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    // Who sent it is not a field: the validator sees the fields alone.
    const { caller, ...sent } = message
    const [error, fields] = await this.definition.validator.tryValidate(sent)
    if (error !== null) return failure(toValidationError(error))
    const validated = Object.assign(Object.create(Object.getPrototypeOf(message)), fields)
    // Not a field, so the validator dropped it: the version a change was made against goes on.
    if (message instanceof Command && message.expectedVersion !== undefined) {
      validated.expectedVersion = message.expectedVersion
    }
    if (caller !== undefined) validated.caller = caller
    return next(validated)
  }
}

function toValidationError(error: unknown): AppError {
  if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
  const fieldErrors: FieldError[] = error.messages.map(
    (entry: { field: string; rule: string; message: string }) => ({
      field: entry.field,
      code: entry.rule,
      message: entry.message,
    })
  )
  return AppError.validation(VALIDATION_ERROR_CODE, 'One or more fields are invalid', fieldErrors)
}
