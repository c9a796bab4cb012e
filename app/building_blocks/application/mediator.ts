import type { CommandHandler, QueryHandler } from './handlers.js'
import { Command, Query, type Message, type MessageClass, type ResultOf } from './messages.js'
import type { NextStep, PipelineBehavior } from './pipeline/pipeline_behavior.js'
import { hasPreparation } from './pipeline/preparation_behavior.js'
import { actingAs, actingPrincipal, type Principal } from './principal.js'
import type { Result } from './result.js'

/** Everything the mediator needs to build one message's pipeline, given once at boot. */
export interface MessageRegistration {
  readonly message: MessageClass
  readonly handler: CommandHandler<Command<unknown>> | QueryHandler<Query<unknown>>
  /** Steps around the handler, outermost first. */
  readonly behaviors: readonly PipelineBehavior[]
}

/**
 * Sends each command or query to its one handler through its pipeline. Pipelines are composed
 * when a message is registered (at boot), so a request only does a map lookup.
 *
 * Each message goes with its principal (`message.caller`): the one it was sent with
 * (`sentBy`), else the one of the message being handled (a command a handler sends), else the
 * caller of the current request (`callerOfRequest`, the host's authenticated caller). The
 * handler and everything it awaits run as that principal's (`actingPrincipal()`).
 */
export class Mediator {
  readonly #pipelines = new Map<Function, NextStep>()

  constructor(private readonly callerOfRequest: () => Principal | undefined = () => undefined) {}

  register(registration: MessageRegistration): void {
    const { message, handler, behaviors } = registration
    if (this.#pipelines.has(message)) {
      throw new Error(`${message.name} already has a handler: each message has exactly one`)
    }
    if (hasPreparation(handler)) {
      // Its handle() would run without what prepare() makes (PipelineFactory.preparationOf).
      throw new Error(
        `${message.name}'s handler has prepare(): register preparation.handler, with the preparation among the behaviors`
      )
    }
    const innermost: NextStep = (received) => handler.handle(received as never)
    const pipeline = behaviors.reduceRight<NextStep>(
      (next, behavior) => (received) => behavior.handle(received, next),
      innermost
    )
    this.#pipelines.set(message, pipeline)
  }

  isRegistered(message: MessageClass): boolean {
    return this.#pipelines.has(message)
  }

  send<TCommand extends Command<unknown>>(command: TCommand): Promise<Result<ResultOf<TCommand>>> {
    if (!(command instanceof Command))
      return rejectWith(new TypeError('mediator.send takes a Command'))
    return this.dispatch(command)
  }

  query<TQuery extends Query<unknown>>(query: TQuery): Promise<Result<ResultOf<TQuery>>> {
    if (!(query instanceof Query)) return rejectWith(new TypeError('mediator.query takes a Query'))
    return this.dispatch(query)
  }

  private dispatch<TMessage extends Message>(
    message: TMessage
  ): Promise<Result<ResultOf<TMessage>>> {
    const pipeline = this.#pipelines.get(message.constructor)
    if (!pipeline) {
      return rejectWith(new Error(`No handler is registered for ${message.constructor.name}`))
    }
    const caller = message.caller ?? actingPrincipal() ?? this.callerOfRequest()
    if (!caller) return pipeline(message) as Promise<Result<ResultOf<TMessage>>>
    message.caller = caller
    return actingAs(caller, () => pipeline(message)) as Promise<Result<ResultOf<TMessage>>>
  }
}

/** Programming errors surface as rejections, like every other failure of an async call. */
function rejectWith(error: Error): Promise<never> {
  return Promise.reject(error)
}
