import { validate as isUuid } from 'uuid'
import { timeOrderedId } from './time_ordered_id.js'

declare const brand: unique symbol

/**
 * A string that the compiler keeps apart from every other kind of id, so a ProductId can never
 * be passed where an OrderId is expected. At runtime it is a plain UUID string.
 */
export type TypedId<TName extends string> = string & { readonly [brand]: TName }

/**
 * Builds the helpers every typed id needs: time-ordered (v7) creation, and parsing that accepts
 * only a UUID (the converter used by validation, the database and JSON alike).
 */
export function typedIdFactory<TName extends string>(name: TName) {
  type Id = TypedId<TName>
  return {
    name,
    create(): Id {
      return timeOrderedId() as Id
    },
    isValid(value: unknown): value is Id {
      return typeof value === 'string' && isUuid(value)
    },
    parse(value: unknown): Id {
      if (typeof value === 'string' && isUuid(value)) return value.toLowerCase() as Id
      throw new TypeError(`${name} must be a UUID, received ${JSON.stringify(value)}`)
    },
  }
}
