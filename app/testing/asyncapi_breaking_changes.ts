/*
 * Compares two AsyncAPI 3 documents of one module and lists the changes to a published contract
 * version that would break its consumers: a version no longer published, a removed field or
 * enum value, a changed type, a field that became required. Events of the old shape stay in
 * outboxes, streams and dead letters, and every consumer checks them against the contract again,
 * so a payload schema is judged like a request body: what it accepted must stay accepted.
 */
import { compareSchemas, type Schema } from './json_schema_breaking_changes.js'

type Document = {
  operations?: Record<string, { action?: string; messages?: { $ref?: string }[] }>
  components?: { messages?: Record<string, { payload?: Schema }> }
}

/** The messages the module sends: the contract versions it publishes, by message key. */
function publishedMessages(document: Document): Map<string, Schema | undefined> {
  const published = new Map<string, Schema | undefined>()
  for (const operation of Object.values(document.operations ?? {})) {
    if (operation.action !== 'send') continue
    for (const { $ref } of operation.messages ?? []) {
      const key = $ref?.split('/').pop()
      if (key) published.set(key, document.components?.messages?.[key]?.payload)
    }
  }
  return published
}

export function findBreakingEventChanges(beforeDocument: object, afterDocument: object): string[] {
  const before = publishedMessages(beforeDocument as Document)
  const after = publishedMessages(afterDocument as Document)
  const changes: string[] = []
  for (const [key, payload] of before) {
    if (!after.has(key)) {
      changes.push(`${key}: the contract version is no longer published`)
      continue
    }
    compareSchemas(payload, after.get(key), `${key}.payload`, true, changes)
  }
  return changes
}
