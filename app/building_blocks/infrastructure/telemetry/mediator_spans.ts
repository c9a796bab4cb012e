import { mediatorSend, unitOfWorkCommit } from '../diagnostics/channels.js'
import { spansOn } from './channel_spans.js'
import { recordError } from './tracing.js'

/**
 * One span per `mediator.send` or `query`, named after the message and carrying its module and
 * the kind of result (`ok`, or the error kind such as `validation` or `notFound`), so a trace
 * shows which module did what and how it answered; and one per commit of a unit of work.
 * Returns what unsubscribes them.
 */
export function traceMediator(): () => void {
  const stops = [
    spansOn(mediatorSend, {
      name: ({ kind, name }) => `mediator ${kind === 'command' ? 'send' : 'query'} ${name}`,
      options: ({ module, name, kind }) => ({
        attributes: {
          'pantheon.module': module,
          'pantheon.message.name': name,
          'pantheon.message.kind': kind,
        },
      }),
      settled: (span, { result }) => {
        if (!result) return
        span.setAttribute('pantheon.result.kind', result.ok ? 'ok' : result.error.kind)
        if (result.ok) return
        span.setAttribute('pantheon.result.code', result.error.code)
        // Only failures the host answers with a server error mark the span as failed.
        if (['unavailable', 'failure'].includes(result.error.kind)) recordError(span, result.error)
      },
    }),
    spansOn(unitOfWorkCommit, { name: () => 'unit of work commit' }),
  ]
  return () => stops.forEach((stop) => stop())
}
