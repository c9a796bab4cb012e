import type { Message } from '../messages.js'
import type { Result } from '../result.js'
import type { NextStep, PipelineBehavior } from './pipeline_behavior.js'

/** The little the pipeline needs from a logger; the host passes its pino logger. */
export interface PipelineLogger {
  debug(data: object, message: string): void
  info(data: object, message: string): void
  /** When present and false for `info`, the behavior does no timing at all. */
  isLevelEnabled?(level: 'debug' | 'info'): boolean
}

/** Logs each message handled, with its outcome and duration. */
export class LoggingBehavior implements PipelineBehavior {
  constructor(private readonly logger: PipelineLogger) {}

  handle(message: Message, next: NextStep): Promise<Result<unknown>> {
    // A production host logs at warn or above: timing each message would be work for nothing.
    if (this.logger.isLevelEnabled?.('info') === false) return next(message)
    return this.timed(message, next)
  }

  private async timed(message: Message, next: NextStep): Promise<Result<unknown>> {
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
