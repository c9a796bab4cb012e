import type { ExpectedVersion } from './expected_version.js'
import type { Principal } from './principal.js'

/*
 * Commands change state and go through `mediator.send`; queries read and go through
 * `mediator.query`. Each declares its result type once, as a type argument, and the mediator
 * infers it from there: callers never name it.
 *
 * The `declare`d fields exist only for the compiler (nothing is emitted): `resultType` carries
 * the result type and `messageKind` keeps commands and queries from being used for each other.
 */
/**
 * What commands and queries share besides their fields: who they are sent for. Not a field: no
 * validator checks it, and the pipeline hands it on to the handler as it came.
 */
abstract class SentMessage {
  /**
   * The principal this message is sent for, when it has one: over HTTP the mediator sets it to
   * the authenticated caller of the request; otherwise `sentBy` names it, and a message sent
   * while another is handled inherits that one's.
   */
  caller?: Principal

  /** This message, sent for `principal` (an ace command acting for an account, a test). */
  sentBy(principal: Principal | undefined): this {
    this.caller = principal
    return this
  }
}

export abstract class Command<TResult> extends SentMessage {
  declare readonly resultType?: TResult
  declare readonly messageKind?: 'command'

  /**
   * The versions of the aggregate this change was made against (see ExpectedVersion), when the
   * caller named any. Not one of the command's fields: no validator checks it, and the
   * pipeline hands it on to the handler as it came.
   */
  expectedVersion?: ExpectedVersion

  /** This command, made against `expected` (over HTTP, the request's If-Match). */
  expecting(expected: ExpectedVersion | undefined): this {
    this.expectedVersion = expected
    return this
  }
}

export abstract class Query<TResult> extends SentMessage {
  declare readonly resultType?: TResult
  declare readonly messageKind?: 'query'
}

export type Message = Command<unknown> | Query<unknown>

/** The result type a command or query declared. */
export type ResultOf<TMessage> =
  TMessage extends Command<infer R> ? R : TMessage extends Query<infer R> ? R : never

/** A command or query class, as used for handler and validator lookup. */
export type MessageClass<TMessage extends Message = Message> = abstract new (
  ...args: never[]
) => TMessage

/** The data fields of a message (what a validator checks). */
export type MessageFields<TMessage> = {
  [
    K in keyof TMessage as K extends
      'resultType' | 'messageKind' | 'expectedVersion' | 'expecting' | 'caller' | 'sentBy'
      ? never
      : K
  ]: TMessage[K]
}
