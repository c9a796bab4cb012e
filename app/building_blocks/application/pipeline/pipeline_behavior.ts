import type { Message } from '../messages.js'
import type { Result } from '../result.js'

export type NextStep = (message: Message) => Promise<Result<unknown>>

/**
 * One step around a handler. A behavior may stop the message (returning a failure), pass it on
 * unchanged, or pass on a replacement (validation passes the cleaned values).
 */
export interface PipelineBehavior {
  handle(message: Message, next: NextStep): Promise<Result<unknown>>
}
