/** A finite number as an exact decimal: digits × 10^-scale, read from its shortest text. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  const [mantissa, exponent = '0'] = String(value).split('e')
  const [whole, fraction = ''] = mantissa.split('.')
  const scale = fraction.length - Number(exponent)
  const digits = BigInt(whole + fraction)
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 }
}

/**
 * JSON Schema's `multipleOf` on the decimal numbers a client writes. Dividing binary
 * floating-point numbers misjudges it (0.07 / 0.01 is 7.000000000000001, so 0.07 would not be a
 * multiple of 0.01); each number is read as the shortest decimal that names it, which is also
 * what VineJS's `decimal()` rule looks at.
 */
export function isDecimalMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false
  const a = exactDecimal(value)
  const b = exactDecimal(divisor)
  const scale = Math.max(a.scale, b.scale)
  const scaledA = a.digits * 10n ** BigInt(scale - a.scale)
  const scaledB = b.digits * 10n ** BigInt(scale - b.scale)
  return scaledA % scaledB === 0n
}
