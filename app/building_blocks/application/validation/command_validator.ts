import type { Command, MessageClass, MessageFields } from '../messages.js'

/** A compiled validator (`vine.create(...)`) whose output has the command's fields. */
export interface FieldsValidator<TFields> {
  tryValidate(data: unknown): Promise<[unknown, null] | [null, TFields]>
  /** The JSON Schema of the fields, for the API reference. */
  toJSONSchema(): object
}

/**
 * Ties a VineJS validator to the command it checks. A module discovers these by file name
 * (`*_validator.ts` beside the command), so a command is validated without any manual wiring.
 */
export interface CommandValidator<TCommand extends Command<unknown> = Command<unknown>> {
  readonly command: MessageClass<TCommand>
  readonly validator: FieldsValidator<MessageFields<TCommand>>
}

export function defineCommandValidator<TCommand extends Command<unknown>>(
  command: MessageClass<TCommand>,
  validator: FieldsValidator<MessageFields<TCommand>>
): CommandValidator<TCommand> {
  return { command, validator }
}
