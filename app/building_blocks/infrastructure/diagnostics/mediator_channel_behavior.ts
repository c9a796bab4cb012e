import type { Message } from '../../application/messages.js'
import type { NextStep, PipelineBehavior } from '../../application/pipeline/pipeline_behavior.js'
import type { Result } from '../../application/result.js'
import { mediatorSend, traced, type MediatorSendMessage } from './channels.js'

/**
 * The outermost step of every message's pipeline: each `mediator.send` or `query` is published
 * on `pantheon:mediator.send` with its module, name and kind, and the Result it answered (the
 * telemetry makes it a span). With no subscriber it only passes the message on.
 */
export class MediatorChannelBehavior implements PipelineBehavior {
  readonly #facts: Pick<MediatorSendMessage, 'module' | 'name' | 'kind'>

  constructor(module: string, messageName: string, kind: 'command' | 'query') {
    this.#facts = { module, name: messageName, kind }
  }

  handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    if (!mediatorSend.hasSubscribers) return next(message)
    return traced(mediatorSend, { ...this.#facts }, () => next(message))
  }
}
