import { DomainError } from '../../domain/domain_error.js'
import { AppError } from '../app_error.js'

/**
 * A broken domain rule that validation did not catch first is still the caller's input at
 * fault: it answers as a validation failure with the domain's own code, never as a 500.
 */
export function translateDomainError(error: unknown): AppError | undefined {
  if (!(error instanceof DomainError)) return undefined
  return AppError.validation(error.code, error.message)
}
