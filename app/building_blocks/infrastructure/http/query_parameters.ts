import { flatQueryParameters } from '../../application/list_parameters.js'
import { VALIDATION_ERROR_CODE } from '../../application/pipeline/validation_behavior.js'
import type { JsonSchema } from './openapi/representation.js'
import { vineJsonSchema, type VineJsonSchemaSource } from './openapi/vine_json_schema.js'
import { MAX_LISTED_ERRORS, type ProblemError, type ProblemInput } from './problem_details.js'

/*
 * The query string of an endpoint that declares its parameters (`docs.queryParameters`, a
 * compiled VineJS validator such as a list's `page` and `perPage`): any other parameter, and any
 * value its rule refuses, answers 400 before the endpoint runs, naming what is allowed, where a
 * handler reading only what it knows would ignore a typo (`pg=2`, `sort=name`) or clamp
 * `perPage=100000` and answer 200. The API document lists the same parameters.
 */

/** Read by the version negotiation on every route of a versioned module, never by endpoints. */
const NEGOTIATED = new Set(['api-version'])

const UNKNOWN_PARAMETER_RULE = 'unknownParameter'

/** A number in the query string as a person writes it: no `1e1`, `0x10`, blanks or `+`. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/

const schemas = new WeakMap<VineJsonSchemaSource, JsonSchema>()

function parametersSchema(validator: VineJsonSchemaSource): JsonSchema {
  let schema = schemas.get(validator)
  if (!schema) {
    schema = vineJsonSchema(validator)
    schemas.set(validator, schema)
  }
  return schema
}

function properties(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>
}

/** What a parameter takes, in words: `a whole number from 1 to 100`. */
function allowedValues(schema: JsonSchema): string {
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number }
  if (schema.type === 'integer' || schema.type === 'number') {
    const kind = schema.type === 'integer' ? 'a whole number' : 'a number'
    if (minimum !== undefined && maximum !== undefined)
      return `${kind} from ${minimum} to ${maximum}`
    if (minimum !== undefined) return `${kind} from ${minimum}`
    if (maximum !== undefined) return `${kind} up to ${maximum}`
    return kind
  }
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`
  if (schema.type === 'array') {
    const each = allowedValues((schema.items ?? {}) as JsonSchema)
    return `values separated by commas, each ${each}${schema.uniqueItems ? ', none twice' : ''}`
  }
  return `a ${String(schema.type ?? 'value')}`
}

interface Validating {
  tryValidate(data: unknown): Promise<[unknown, unknown]>
}

function isValidating(source: VineJsonSchemaSource): source is VineJsonSchemaSource & Validating {
  return typeof (source as Partial<Validating>).tryValidate === 'function'
}

/** The parameter's value failed: the error names what it takes and what was sent. */
function invalidValue(
  name: string,
  schema: JsonSchema,
  code: string,
  value: unknown
): ProblemError {
  if (value === undefined) {
    return {
      field: name,
      code,
      message: `The ${name} parameter is required: ${allowedValues(schema)}`,
    }
  }
  const sent =
    Array.isArray(value) && schema.type !== 'array'
      ? `${value.length} values`
      : JSON.stringify(Array.isArray(value) ? value.join(',') : value)
  return {
    field: name,
    code,
    message: `The ${name} parameter must be ${allowedValues(schema)} (it was ${sent})`,
  }
}

/** The parameters' names, a field's range keys told once: `price, price[gt|gte|lt|lte]`. */
function acceptedNames(names: string[]): string[] {
  const ranges = new Map<string, string[]>()
  const listed: string[] = []
  for (const name of names) {
    const range = /^(.+)\[([^\]]+)\]$/.exec(name)
    if (!range) {
      listed.push(name)
      continue
    }
    if (!ranges.has(range[1])) {
      ranges.set(range[1], [])
      listed.push(range[1] + '[]')
    }
    ranges.get(range[1])!.push(range[2])
  }
  return listed.map((name) =>
    name.endsWith('[]') ? `${name.slice(0, -2)}[${ranges.get(name.slice(0, -2))!.join('|')}]` : name
  )
}

/**
 * The 400 for a query string the endpoint's parameters do not allow, or undefined when they
 * do: every unknown parameter (with the ones it takes) and every refused value, at once.
 */
export async function queryParametersProblem(
  validator: VineJsonSchemaSource,
  query: Record<string, unknown>
): Promise<ProblemInput | undefined> {
  const declared = properties(parametersSchema(validator))
  const errors: ProblemError[] = []
  const sent: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(flatQueryParameters(query))) {
    if (NEGOTIATED.has(name)) continue
    if (!Object.hasOwn(declared, name)) {
      const accepted = acceptedNames(Object.keys(declared))
      errors.push({
        field: name,
        code: UNKNOWN_PARAMETER_RULE,
        message: `The ${name} parameter is not one this endpoint takes (${accepted.length > 0 ? `it takes ${accepted.join(', ')}` : 'it takes none'})`,
      })
      continue
    }
    const type = declared[name].type
    if (
      (type === 'integer' || type === 'number') &&
      !(typeof value === 'string' && DECIMAL.test(value))
    ) {
      errors.push(invalidValue(name, declared[name], 'number', value))
      continue
    }
    sent[name] = value
  }
  if (isValidating(validator)) {
    const [error] = await validator.tryValidate(sent)
    const messages = (error as { messages?: unknown } | null)?.messages
    if (Array.isArray(messages)) {
      for (const entry of messages as Array<{ field: string; rule: string }>) {
        // An array's item fails as `sort.1`: the parameter is `sort`, and it is named once.
        const name = Object.hasOwn(declared, entry.field) ? entry.field : entry.field.split('.')[0]
        if (errors.some((refused) => refused.field === name)) continue
        errors.push(invalidValue(name, declared[name] ?? {}, entry.rule, sent[name]))
      }
    }
  }
  if (errors.length === 0) return undefined
  const names = [...new Set(errors.map((entry) => entry.field))]
  const more =
    names.length > MAX_LISTED_ERRORS ? ` and ${names.length - MAX_LISTED_ERRORS} more` : ''
  return {
    status: 400,
    code: VALIDATION_ERROR_CODE,
    detail: `Query parameters this endpoint does not take, or values it does not allow: ${names.slice(0, MAX_LISTED_ERRORS).join(', ')}${more}`,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    extensions:
      errors.length > MAX_LISTED_ERRORS
        ? { omittedErrors: errors.length - MAX_LISTED_ERRORS }
        : undefined,
  }
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The OpenAPI parameter objects of the endpoint's query string, in the validator's order. */
export function queryParameterDocs(validator: VineJsonSchemaSource): Record<string, unknown>[] {
  const schema = parametersSchema(validator)
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  return Object.entries(properties(schema)).map(([name, parameter]) => {
    const { description, ...rest } = parameter as JsonSchema & { description?: string }
    return {
      name,
      in: 'query',
      required: required.includes(name),
      description: description ?? sentence(allowedValues(parameter)),
      // An array is one parameter with its values separated by commas: `sort=name,-price`.
      ...(parameter.type === 'array' ? { style: 'form', explode: false } : {}),
      schema: rest,
    }
  })
}
