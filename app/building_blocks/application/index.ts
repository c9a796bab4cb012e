/**
 * The public API of @pantheon/kit/application: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { AppError, type ErrorKind } from './app_error.js'
export type { DomainEventHandler } from './domain_events.js'
export {
  entityNotFound,
  type ExpectedVersion,
  isExpectedVersion,
  storedForChange,
  versionMismatch,
} from './expected_version.js'
export type { CommandHandler, QueryHandler } from './handlers.js'
export { Mediator } from './mediator.js'
export { Command, type Message, Query } from './messages.js'
export type { Principal } from './principal.js'
export { translateDomainError } from './pipeline/domain_error_translator.js'
export { ExceptionGuardBehavior } from './pipeline/exception_guard_behavior.js'
export { FixedDeadlines } from './pipeline/fixed_deadlines.js'
export { LoggingBehavior } from './pipeline/logging_behavior.js'
export type { PipelineBehavior } from './pipeline/pipeline_behavior.js'
export {
  hasPreparation,
  PreparationBehavior,
  type PreparingHandler,
} from './pipeline/preparation_behavior.js'
export { isTimeout, type LateOutcome, TimeoutBehavior } from './pipeline/timeout_behavior.js'
export { UnitOfWorkBehavior } from './pipeline/unit_of_work_behavior.js'
export { ValidationBehavior } from './pipeline/validation_behavior.js'
export { failure, type Result, success } from './result.js'
export {
  flatQueryParameters,
  listCriteria,
  rangeParameters,
  refusedListParameters,
  sortParameter,
} from './list_parameters.js'
export type { UnitOfWork } from './unit_of_work.js'
export { defineCommandValidator } from './validation/command_validator.js'
export { maxCharacters, minCharacters } from './validation/character_length_rules.js'
export { maxDecimalPlaces } from './validation/decimal_places_rule.js'
export { notNull } from './validation/not_null_rule.js'
export { dateTimeFromText, dateTimeText } from './validation/date_time_rule.js'
export { uncheckedFields } from './unchecked_fields.js'
