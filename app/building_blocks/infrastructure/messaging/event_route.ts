/**
 * Where events of one type and version travel: the stream (Redis, after its prefix), the
 * routing key (RabbitMQ) or the in-process channel (memory). Version 1 travels under the bare
 * type, as every event did before versions could evolve, so deployed consumers keep reading it;
 * a later version travels beside it under `<type>.v<version>`, and only the consumers that read
 * that version subscribe to it.
 */
export function eventRoute(event: { readonly type: string; readonly version: number }): string {
  return event.version === 1 ? event.type : `${event.type}.v${event.version}`
}
