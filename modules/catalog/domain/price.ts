// Written by hand: the rule of a price the entity definition cannot state (from 0, exact to the cent), which the create handlers check.
import { DomainError } from '@pantheon/kit/domain'

/** The largest price the catalog stores (numeric(14,2) in the database). */
export const MAX_PRICE = 999_999_999_999.99

/**
 * A price in the catalog's currency, exact to the cent. It is kept as a whole number of cents
 * so that 19.99 in is 19.99 out whatever the database returns (a numeric string on PostgreSQL,
 * a floating-point number on SQLite).
 */
export class Price {
  private constructor(readonly cents: number) {}

  static fromAmount(amount: number): Price {
    const cents = Math.round(amount * 100)
    if (!Number.isFinite(amount) || amount < 0 || amount > MAX_PRICE || cents / 100 !== amount) {
      throw new DomainError(
        'Product.InvalidPrice',
        `A price is between 0 and ${MAX_PRICE} with at most 2 decimals (received ${amount})`
      )
    }
    return new Price(cents)
  }

  /** Reads a stored value: numeric columns arrive as strings on PostgreSQL. */
  static fromStored(value: string | number): Price {
    return Price.fromAmount(Number(value))
  }

  get amount(): number {
    return this.cents / 100
  }

  equals(other: Price): boolean {
    return this.cents === other.cents
  }
}
