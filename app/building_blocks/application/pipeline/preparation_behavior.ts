import { AsyncLocalStorage } from 'node:async_hooks'
import type { CommandHandler } from '../handlers.js'
import type { Command, Message } from '../messages.js'
import type { Result } from '../result.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

/** A command handler with the optional `prepare` step (see CommandHandler). */
export interface PreparingHandler {
  prepare(command: Command<unknown>): Promise<Result<unknown>>
  handle(command: Command<unknown>, prepared: unknown): Promise<Result<unknown>>
}

export function hasPreparation(handler: object): handler is PreparingHandler {
  return typeof (handler as Partial<PreparingHandler>).prepare === 'function'
}

/**
 * Runs a handler's `prepare` before the unit of work opens, within `deadline` (the handler's
 * timeout), and hands what it prepared to the handler. Placed outside the unit of work: a
 * failure it returns, a timeout included, never opens a transaction.
 */
export class PreparationBehavior implements PipelineBehavior {
  /**
   * What `prepare` made, for the steps inside and the handler: async-local, so two sends of
   * one command object at once, or a handler sending its own command again, each get theirs.
   */
  readonly #prepared = new AsyncLocalStorage<{ value: unknown }>()
  /** The handler as the mediator calls it: with what `prepare` made for this very command. */
  readonly handler: CommandHandler<Command<unknown>>

  constructor(
    private readonly preparing: PreparingHandler,
    private readonly deadline: PipelineBehavior
  ) {
    this.handler = {
      handle: (command) => preparing.handle(command, this.#prepared.getStore()?.value),
    }
  }

  async handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    const prepared = await this.deadline.handle(message, (command) =>
      this.preparing.prepare(command as Command<unknown>)
    )
    if (!prepared.ok) return prepared
    return this.#prepared.run({ value: prepared.value }, () => next(message))
  }
}
