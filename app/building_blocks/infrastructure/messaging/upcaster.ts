import type { IntegrationEventContract, PayloadOf } from '../../integration/integration_event.js'

/**
 * How a consumer reads an older version of the event it consumes: the older payload, as its own
 * contract's schema reads it, turned into the payload of the version the consumer reads.
 */
export interface Upcaster<TPayload> {
  readonly from: IntegrationEventContract<unknown>
  readonly to: IntegrationEventContract<TPayload>
  upcast(payload: unknown): TPayload
}

/**
 * Declares an upcaster for a consumer's `static upcasters`: events of `from` are checked by
 * their own schema, turned into payloads of `to` by `convert` (typed from both contracts), and
 * reach the consumer as version `to`. Both contracts must be versions of one type.
 */
export function upcast<
  From extends IntegrationEventContract<unknown>,
  To extends IntegrationEventContract<unknown>,
>(
  from: From,
  to: To,
  convert: (payload: PayloadOf<From>) => PayloadOf<To>
): Upcaster<PayloadOf<To>> {
  if (from.type !== to.type) {
    throw new TypeError(
      `An upcaster turns one version of a type into another: ${from.type} is not ${to.type}`
    )
  }
  if (from.version >= to.version) {
    throw new TypeError(
      `An upcaster goes from an older version to a newer one: ${to.type} version ${from.version} is not older than ${to.version}`
    )
  }
  return {
    from,
    to: to as IntegrationEventContract<PayloadOf<To>>,
    upcast: (payload) => convert(payload as PayloadOf<From>),
  }
}
