/**
 * A command's or query's fields taken from request input as they are, for its `fromInput`. No
 * check happens here on purpose: the pipeline's validation step checks every field of a command
 * before its handler runs (a query's handler checks what it reads), so this is the one place
 * that trusts unchecked input to have the declared shape, instead of a cast in every message.
 */
export function uncheckedFields<TFields extends object>(input: Record<string, unknown>): TFields {
  return input as TFields
}
