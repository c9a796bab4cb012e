import type { Command, MessageClass, Query, ResultOf } from './messages.js'
import type { Result } from './result.js'

/** Handles exactly one command class, named by the static `handles` of the implementing class. */
export interface CommandHandler<TCommand extends Command<unknown>> {
  handle(command: TCommand): Promise<Result<ResultOf<TCommand>>>
}

/** Handles exactly one query class, named by the static `handles` of the implementing class. */
export interface QueryHandler<TQuery extends Query<unknown>> {
  handle(query: TQuery): Promise<Result<ResultOf<TQuery>>>
}

/** The shape a handler class has: what the module discovery finds and the container builds. */
export interface HandlerClass {
  readonly handles: MessageClass
  new (...args: never[]): CommandHandler<Command<unknown>> | QueryHandler<Query<unknown>>
}
