import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Who a command or query is sent for: an account and the permissions it holds (given directly or
 * through its roles). Over HTTP it is the authenticated caller of the request; an ace command or
 * a test names one with `message.sentBy(principal)`. Handlers read it as `command.caller` to
 * check ownership ("only the customer who placed an order may cancel it").
 */
export interface Principal {
  /** The account's id. */
  readonly id: string
  readonly permissions: ReadonlySet<string>
}

/** The principal of the command or query being handled, down every await it makes. */
const acting = new AsyncLocalStorage<Principal>()

/**
 * The principal the current command or query was sent for, if any: what the outbox stamps on the
 * integration events it writes (their `actorId`), and what a command sent from a handler inherits.
 */
export function actingPrincipal(): Principal | undefined {
  return acting.getStore()
}

/** Runs `work` as `principal`'s: everything it awaits sees it as the acting principal. */
export function actingAs<T>(principal: Principal, work: () => T): T {
  return acting.run(principal, work)
}
