import type { Command, MessageClass, Query, ResultOf } from './messages.js'
import type { Result } from './result.js'

/**
 * Handles exactly one command class, named by the static `handles` of the implementing class.
 *
 * `prepare`, when a handler has one, runs after validation and before the module's unit of work
 * opens its transaction. Work that is slow and writes nothing (hashing a password, asking another
 * service) belongs there: inside the transaction it would hold the database's one SQLite
 * connection, or leave a PostgreSQL session idle in its transaction, for as long as it takes. A
 * failure it returns is the command's answer and no transaction opens; what it succeeds with is
 * `handle`'s second argument (`TPrepared`, which makes `prepare` required). It has the handler's
 * timeout of its own.
 */
export type CommandHandler<TCommand extends Command<unknown>, TPrepared = void> = {
  handle(command: TCommand, prepared: TPrepared): Promise<Result<ResultOf<TCommand>>>
} & ([TPrepared] extends [void]
  ? { prepare?(command: TCommand): Promise<Result<void>> }
  : { prepare(command: TCommand): Promise<Result<TPrepared>> })

/** Handles exactly one query class, named by the static `handles` of the implementing class. */
export interface QueryHandler<TQuery extends Query<unknown>> {
  handle(query: TQuery): Promise<Result<ResultOf<TQuery>>>
}

/** The shape a handler class has: what the module discovery finds and the container builds. */
export interface HandlerClass {
  readonly handles: MessageClass
  new (...args: never[]): CommandHandler<Command<unknown>> | QueryHandler<Query<unknown>>
}
