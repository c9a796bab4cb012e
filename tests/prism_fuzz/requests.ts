import fc from 'fast-check'
import { invalidBody, validValue } from '#tests/common/contract/schema_arbitrary'
import type { FuzzedOperation } from './operations.js'

/** One generated request to one operation. */
export interface FuzzRequest {
  document: string
  /** `GET /api/v1/catalog/{id}`: the operation it was generated from. */
  operation: string
  method: string
  /** The path with its parameters filled in. */
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body?: string
  /** What the request breaks of the document; undefined for one generated valid. */
  breaks?: string
}

type Parameter = FuzzedOperation['parameters'][number]

interface Parts {
  values: Record<string, string | undefined>
  body?: unknown
  breaks?: string
}

function outsideHeaders(character: string): boolean {
  const code = character.charCodeAt(0)
  return (code < 0x20 && character !== '\t') || code === 0x7f || code > 0xff
}

/**
 * A header carries no control character but tab (RFC 9110), and fetch sends Latin-1 only; a
 * whole-text pattern's `\s` makes vertical tabs and line breaks, which a space spells as well
 * as any for the pattern (a value that no longer matches it is drawn again).
 */
function headerSafe(text: string): string {
  return [...text].map((character) => (outsideHeaders(character) ? ' ' : character)).join('')
}

function key(parameter: Parameter): string {
  return `${parameter.in}:${parameter.name}`
}

/** A value the parameter's schema allows, as the text sent. */
function validParameter(parameter: Parameter, ids: string[]): fc.Arbitrary<string> {
  const schema = parameter.schema
  // An id the service knows now and then, so reads and deletes find something.
  const value =
    schema.format === 'uuid' && ids.length > 0
      ? fc.oneof(fc.constantFrom(...ids), validValue(schema))
      : validValue(schema)
  const text = value.map(String)
  if (parameter.in !== 'header') return text
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined
  return text.map(headerSafe).filter((safe) => pattern?.test(safe) ?? true)
}

/**
 * Text the parameter's `format` or `pattern` refuses, in letters only: a number could name
 * another version (`api-version=2` on /api/catalog is 2.0's request, which the service rightly
 * serves), and a path's literal segment (`sample`) another operation.
 */
function invalidParameter(parameter: Parameter, operation: FuzzedOperation) {
  const schema = parameter.schema
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined
  return fc
    .stringMatching(parameter.in === 'path' ? /^[a-zA-Z]{1,12}$/ : /^[a-zA-Z]{0,12}$/)
    .filter((text) => !(pattern?.test(text) ?? false))
    .filter((text) => !operation.literalSegments.has(text))
}

/** Each parameter and the body as the document allows them; optional ones sometimes left out. */
function validParts(operation: FuzzedOperation, ids: string[]): fc.Arbitrary<Parts> {
  const values = Object.fromEntries(
    operation.parameters.map((parameter) => {
      const value = validParameter(parameter, ids)
      const required = parameter.required === true || parameter.in === 'path'
      return [key(parameter), required ? value : fc.option(value, { nil: undefined })]
    })
  )
  const body = operation.bodySchema ? validValue(operation.bodySchema) : fc.constant(undefined)
  return fc.record({ values: fc.record(values), body })
}

/** Valid parts but for one rule of the body or of one parameter with a format or a pattern. */
function invalidParts(operation: FuzzedOperation, ids: string[]): fc.Arbitrary<Parts> | undefined {
  const valid = validParts(operation, ids)
  const variants: fc.Arbitrary<Parts>[] = []
  if (operation.bodySchema) {
    variants.push(
      fc.tuple(valid, invalidBody(operation.bodySchema)).map(([parts, broken]) => ({
        ...parts,
        body: broken.body,
        breaks: `body ${broken.field}: ${broken.breaks}`,
      }))
    )
  }
  for (const parameter of operation.parameters) {
    if (parameter.schema.format === undefined && parameter.schema.pattern === undefined) continue
    variants.push(
      fc.tuple(valid, invalidParameter(parameter, operation)).map(([parts, value]) => ({
        ...parts,
        values: { ...parts.values, [key(parameter)]: value },
        breaks: `${parameter.in} parameter ${parameter.name}: ${parameter.schema.format ?? 'pattern'}`,
      }))
    )
  }
  return variants.length > 0 ? fc.oneof(...variants) : undefined
}

function toRequest(operation: FuzzedOperation, parts: Parts): FuzzRequest {
  let path = operation.path
  const query = new URLSearchParams()
  const headers: Record<string, string> = {}
  for (const parameter of operation.parameters) {
    const value = parts.values[key(parameter)]
    if (value === undefined) continue
    if (parameter.in === 'path')
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value))
    if (parameter.in === 'query') query.append(parameter.name, value)
    if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = value
  }
  if (parts.body !== undefined) headers['content-type'] = 'application/json'
  return {
    document: operation.document,
    operation: `${operation.method.toUpperCase()} ${operation.path}`,
    method: operation.method.toUpperCase(),
    path,
    query,
    headers,
    body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    breaks: parts.breaks,
  }
}

/**
 * Requests to one operation generated from its document alone: `valid` the document allows
 * (bodies and parameters from their schemas, schema_arbitrary.ts), then `invalid` each
 * breaking one rule of it, when it has a rule to break. `ids` are ids the service has given
 * out, for the path parameters of format uuid.
 */
export function fuzzRequests(
  operation: FuzzedOperation,
  options: { ids: string[]; seed: number; valid: number; invalid: number }
): FuzzRequest[] {
  const sample = (arbitrary: fc.Arbitrary<Parts>, numRuns: number) =>
    fc
      .sample(arbitrary, { numRuns, seed: options.seed })
      .map((parts) => toRequest(operation, parts))
  const invalid = invalidParts(operation, options.ids)
  return [
    ...sample(validParts(operation, options.ids), options.valid),
    ...(invalid ? sample(invalid, options.invalid) : []),
  ]
}
