import { MODULES_VARIABLE, type ModuleSelection } from '../modules/module_selection.js'
import type { Subscription } from './message_transport.js'
import { moduleOfName } from './module_of_name.js'

/**
 * A host whose consumers wait, over the memory transport, for events of a module it does not
 * serve: the start stops, since that transport carries events within one process only.
 */
export class UnselectedPublisher extends Error {
  override readonly name = 'UnselectedPublisher'
}

/**
 * The start check of a host that serves some of the app's modules (PANTHEON_MODULES) on the
 * memory transport: each consumer reading a type whose module (the part before its first dot) is
 * a module of this app left out of the selection is named, and the start stops. On a broker the
 * host that serves the publisher sends the events, so nothing is checked; nor for a type no
 * module of the app owns (another service's events).
 */
export function checkUnselectedPublishers(
  subscriptions: readonly Subscription[],
  selection: ModuleSelection,
  transport: string
): void {
  if (transport !== 'memory' || selection.all) return
  const lines = new Set<string>()
  const publishers = new Set<string>()
  for (const { consumer, module, type } of subscriptions) {
    if (!publishedElsewhere(type, selection)) continue
    const publisher = moduleOfName(type)
    publishers.add(publisher)
    lines.add(
      `- the ${module} module consumes ${type} (${consumer}) from the ${publisher} module, which this host does not serve`
    )
  }
  if (lines.size === 0) return
  const both = [...selection.names, ...publishers].join(',')
  throw new UnselectedPublisher(
    [
      `${MODULES_VARIABLE}=${selection.names.join(',')} on the memory transport, which carries events within one process only:`,
      ...lines,
      `Nothing would ever deliver ${lines.size === 1 ? 'this event' : 'these events'}. Serve the publisher here too (${MODULES_VARIABLE}=${both}), or carry events over a broker (MESSAGE_TRANSPORT=redis or rabbitmq).`,
    ].join('\n')
  )
}

/**
 * The subscriptions whose publisher this host serves, or that no module of the app publishes:
 * the ones its boot check of published versions can judge. A module left out of the selection
 * declares nothing here, so its events would be taken for another service's; a host serving
 * both the publisher and the consumer judges them.
 */
export function judgedHere(
  subscriptions: readonly Subscription[],
  selection: ModuleSelection
): Subscription[] {
  return subscriptions.filter(({ type }) => !publishedElsewhere(type, selection))
}

/** Whether a module of the app that this host does not serve publishes `type`. */
function publishedElsewhere(type: string, selection: ModuleSelection): boolean {
  const publisher = moduleOfName(type)
  return selection.available.includes(publisher) && !selection.includes(publisher)
}
