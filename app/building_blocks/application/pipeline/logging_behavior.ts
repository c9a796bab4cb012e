import type { Message } from '../messages.js'
import type { Result } from '../result.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

/** The little the pipeline needs from a logger; the host passes its pino logger. */
export interface PipelineLogger {
  debug(data: object, message: string): void
  info(data: object, message: string): void
}

/** Logs each message handled, with its outcome and duration. */
export class LoggingBehavior implements PipelineBehavior {
  constructor(private readonly logger: PipelineLogger) {}

  async handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    const name = message.constructor.name
    const startedAt = performance.now()
    const result = await next(message)
    const durationMs = Math.round((performance.now() - startedAt) * 100) / 100
    if (result.ok) {
      this.logger.debug({ message: name, durationMs }, `${name} handled`)
    } else {
      const { kind, code } = result.error
      this.logger.info({ message: name, durationMs, kind, code }, `${name} failed with ${code}`)
    }
    return result
  }
}
