import vine from '@vinejs/vine'
import { AppError } from './app_error.js'
import { LIST_PARAMETERS } from './list_parameter_names.js'
import type { ListCriteria, ListOperator } from '../domain/list_criteria.js'

/** The comparisons a range filter takes: `price[gte]=10&price[lt]=20`. */
const RANGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const satisfies Record<
  string,
  ListOperator
>

type RangeKey = keyof typeof RANGE_OPERATORS

const RANGE_WORDS: Record<RangeKey, string> = {
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A query string as a list's parameters name it. AdonisJS's query-string parser (qs) reads
 * `price[gte]=10` as `{ price: { gte: '10' } }`; the list's validator, and the API document,
 * name that parameter `price[gte]`. One level only: anything deeper stays an object, which no
 * parameter takes, so it is refused.
 */
export function flatQueryParameters(input: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(input)) {
    if (!isPlainObject(value)) {
      flat[name] = value
      continue
    }
    for (const [key, inner] of Object.entries(value)) flat[`${name}[${key}]`] = inner
  }
  return flat
}

/** `sort=name,-price`, or `sort=name&sort=-price` (which qs reads as an array). */
function keysOf(value: unknown): unknown {
  return typeof value === 'string' ? value.split(',') : value
}

/**
 * The `sort` parameter of a list over `fields`: keys separated by commas, first key first, each
 * a field for ascending order or `-field` for descending, none twice. The API document says the
 * same (an array of those keys, `style: form, explode: false`).
 */
export function sortParameter<const TField extends string>(fields: readonly TField[]) {
  const keys = fields.flatMap((field) => [field, `-${field}` as const])
  return vine
    .array(vine.enum(keys))
    .distinct()
    .parse(keysOf)
    .optional()
    .meta({
      description: `The order, as keys separated by commas, first key first: ${fields.join(', ')}; a key starting with - sorts descending. An item with no value comes last.`,
    })
}

/**
 * The range filters of one field: `<field>[gt]`, `[gte]`, `[lt]` and `[lte]`, each checked by
 * `rule` (the field's own type), each optional. Spread into the list's validator.
 */
export function rangeParameters<
  const TField extends string,
  TSchema extends { meta(meta: object): unknown },
>(
  field: TField,
  rule: () => TSchema
): Record<`${TField}[${RangeKey}]`, ReturnType<TSchema['meta']>> {
  const parameters: Partial<Record<`${TField}[${RangeKey}]`, unknown>> = {}
  for (const key of Object.keys(RANGE_OPERATORS) as RangeKey[]) {
    parameters[`${field}[${key}]`] = rule().meta({
      description: `Only those whose ${field} is ${RANGE_WORDS[key]} this`,
    })
  }
  return parameters as Record<`${TField}[${RangeKey}]`, ReturnType<TSchema['meta']>>
}

/**
 * A list's checked parameters as its repository takes them: the page (1 and `perPage` by
 * default), the order of `sort`, and a filter for each field given alone (equal to) or with a
 * range key (`price[gte]`). Only `fields` are read: the validator has refused any other.
 * A field named `page`, `perPage` or `sort` can be a sort key, never a filter.
 */
export function listCriteria<TField extends string>(
  parameters: Record<string, unknown>,
  fields: readonly TField[],
  defaults: { perPage: number }
): ListCriteria<TField> {
  const listed = new Set<string>(fields)
  const filters: ListCriteria<TField>['filters'] = []
  for (const field of fields) {
    // A field named like a list's own parameter sorts, but no filter of it can be sent.
    if (LIST_PARAMETERS.has(field)) continue
    if (parameters[field] !== undefined) {
      filters.push({ field, operator: '=', value: parameters[field] })
    }
    for (const [key, operator] of Object.entries(RANGE_OPERATORS)) {
      const value = parameters[`${field}[${key}]`]
      if (value !== undefined) filters.push({ field, operator, value })
    }
  }
  const keys = Array.isArray(parameters.sort) ? (parameters.sort as string[]) : []
  const sort = keys
    .map((key) => ({ field: key.replace(/^-/, ''), descending: key.startsWith('-') }))
    .filter((key): key is { field: TField; descending: boolean } => listed.has(key.field))
  return {
    page: typeof parameters.page === 'number' ? parameters.page : 1,
    perPage: typeof parameters.perPage === 'number' ? parameters.perPage : defaults.perPage,
    filters,
    sort,
  }
}

/**
 * What a list's handler answers when its parameters fail their validator (`tryValidate`'s
 * error): 400 naming each parameter, as the endpoint would have before it.
 */
export function refusedListParameters(error: unknown): AppError {
  const messages = ((error as { messages?: unknown } | null)?.messages ?? []) as Array<{
    field: string
    rule: string
    message: string
  }>
  const fieldErrors = messages.map(({ field, rule, message }) => ({ field, code: rule, message }))
  const names = [...new Set(fieldErrors.map((entry) => entry.field))].join(', ')
  return AppError.validation(
    'Validation.Failed',
    `Query parameters it does not allow: ${names || 'unknown'}`,
    fieldErrors
  )
}
