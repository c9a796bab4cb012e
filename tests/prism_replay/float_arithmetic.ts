import { isDecimalMultipleOf } from '#tests/common/contract/decimal_multiple'
import type { Exchange } from '#tests/common/contract/exchange'
import type { PrismViolation } from './prism_answer.js'

const MULTIPLE_OF = /multiple of (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)/i

function valueAt(json: string | undefined, path: string[]): unknown {
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/**
 * Whether a `multipleOf` finding of Prism is only its binary arithmetic: Prism divides
 * floating-point numbers (19.99 / 0.01 is 1998.9999999999998) and so refuses 19.99 as a
 * multiple of 0.01. The value is read from the body at the finding's location and compared in
 * decimal, as the service (VineJS's decimal rule) and the suite's own contract check do. Any
 * other finding, or a value that truly is not a multiple, is not.
 */
export function isFloatArithmeticFinding(violation: PrismViolation, exchange: Exchange): boolean {
  if (violation.code !== 'multipleOf') return false
  const divisor = MULTIPLE_OF.exec(violation.message)?.[1]
  const [side, part, ...path] = violation.location
  if (divisor === undefined || part !== 'body') return false
  const body = side === 'request' ? exchange.requestBody : exchange.responseBody
  const value = valueAt(body, path)
  return typeof value === 'number' && isDecimalMultipleOf(value, Number(divisor))
}
