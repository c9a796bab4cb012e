import type { Message } from '../../application/messages.js'
import type { NextStep, PipelineBehavior } from '../../application/pipeline/pipeline_behavior.js'
import type { Result } from '../../application/result.js'
import { inSpan, isTracing, recordError } from './tracing.js'

/**
 * The outermost step of every message's pipeline: one span per `mediator.send` or `query`,
 * named after the message and carrying its module and the kind of result (`ok`, or the error
 * kind such as `validation` or `notFound`), so a trace shows which module did what and how it
 * answered. With telemetry off it only passes the message on.
 */
export class TracingBehavior implements PipelineBehavior {
  readonly #spanName: string
  readonly #attributes: Record<string, string>

  constructor(module: string, messageName: string, kind: 'command' | 'query') {
    this.#spanName = `mediator ${kind === 'command' ? 'send' : 'query'} ${messageName}`
    this.#attributes = {
      'pantheon.module': module,
      'pantheon.message.name': messageName,
      'pantheon.message.kind': kind,
    }
  }

  handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    if (!isTracing()) return next(message)
    return inSpan(this.#spanName, { attributes: this.#attributes }, async (span) => {
      const result = await next(message)
      span.setAttribute('pantheon.result.kind', result.ok ? 'ok' : result.error.kind)
      if (!result.ok) {
        span.setAttribute('pantheon.result.code', result.error.code)
        // Only failures the host answers with a server error mark the span as failed.
        if (['unavailable', 'failure'].includes(result.error.kind)) recordError(span, result.error)
      }
      return result
    })
  }
}
