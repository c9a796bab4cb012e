import { Command, uncheckedFields } from '@pantheon/kit/application'

export interface DeleteProductFields {
  id: string
}

/** Deletes a product. */
export class DeleteProductCommand extends Command<void> {
  readonly id: string

  constructor(fields: DeleteProductFields) {
    super()
    this.id = fields.id
  }

  /**
   * From request input (body and route params). Unchecked on purpose: the validation step of
   * the pipeline checks every field before the handler runs.
   */
  static fromInput(input: Record<string, unknown>): DeleteProductCommand {
    return new DeleteProductCommand(uncheckedFields<DeleteProductFields>(input))
  }
}
