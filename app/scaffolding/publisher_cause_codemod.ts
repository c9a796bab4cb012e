import { ScaffoldError } from './scaffold_error.js'

/*
 * Edits the publisher of an event's earlier version (`publish_<event>_event_handler.ts`) so that
 * it passes `{ cause: event }` to outbox.publish: then the versions published for one domain
 * event share one event id, and a consumer reading both applies it once. Publishers generated
 * before versions could evolve pass no cause. Checks first: an edit made once is not made again.
 */
export async function publishWithCause(
  source: string,
  fileName: string,
  contractName: string
): Promise<string> {
  const { Project, SyntaxKind } = await import('ts-morph')
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile(fileName, source)
  const handle = file.getClasses()[0]?.getMethod('handle')
  const eventName = handle?.getParameters()[0]?.getName()
  const call = handle
    ?.getDescendantsOfKind(SyntaxKind.CallExpression)
    .find(
      (candidate) =>
        candidate.getExpression().getText().endsWith('outbox.publish') &&
        candidate.getArguments()[0]?.getText() === contractName
    )
  if (!eventName || !call) {
    throw new ScaffoldError(
      `${fileName} does not publish ${contractName} with outbox.publish(${contractName}, payload) in handle(event)`,
      `Pass { cause: event } as the third argument of its outbox.publish call by hand, then run the command again without --from (the versions of one event must share its id)`
    )
  }
  const args = call.getArguments()
  if (args.length >= 3) return source
  call.addArgument(`{ cause: ${eventName} }`)
  return file.getFullText()
}
