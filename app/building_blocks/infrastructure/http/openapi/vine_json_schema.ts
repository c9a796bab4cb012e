import { symbols } from '@vinejs/vine'
import { dateJsonSchema } from './date_json_schema.js'
import type { JsonSchema } from './representation.js'
import { trimmedLengthPattern } from './trimmed_length_pattern.js'

/** A VineJS schema, or a compiled validator holding one, as the API reference receives it. */
export interface VineJsonSchemaSource {
  toJSONSchema(): object
  /** Set on a compiled validator (`vine.create(...)`): the schema it checks. */
  schema?: unknown
}

/**
 * The parts of VineJS's compiled tree read here: what `schema[symbols.PARSE]` returns, the tree
 * its compiler turns into a validation function. Rule names (`validations[].name`) are there
 * since VineJS 4.4; without them only `required` is corrected.
 */
interface CompiledNode {
  type: string
  subtype?: string
  fieldName: string
  isOptional: boolean
  allowNull?: boolean
  /** The type's own check (a date's, with its formats), ahead of `validations`. */
  dataTypeValidatorFnId?: string
  validations?: { ruleFnId: string; name?: string }[]
  properties?: CompiledNode[]
  each?: CompiledNode
}

type Refs = Record<string, { options?: Record<string, unknown> } | undefined>

/**
 * The JSON Schema of what a VineJS schema accepts, as exactly as JSON Schema can say it.
 * VineJS's own `toJSONSchema()` is the starting point; the rules it leaves out or misstates are
 * read from the compiled schema (the rule names, their order and options) and added:
 * - `required` lists every property that is not `.optional()`: VineJS leaves nullable ones out,
 *   though it refuses a missing nullable field;
 * - `decimal([0, n])` becomes `multipleOf: 10^-n` (VineJS writes nothing for it);
 * - lengths checked after `trim()` count the trimmed text, so they become a `pattern`
 *   (`"   "` fails `trim().minLength(1)` though it has three characters);
 * - a date is the text its formats take (`dateJsonSchema`), or null when it is nullable: VineJS
 *   writes `{}` for it, which `nullable()` turns into null only.
 */
export function vineJsonSchema(source: VineJsonSchemaSource): JsonSchema {
  const schema = structuredClone(source.toJSONSchema()) as JsonSchema
  const compiled = compile(source.schema ?? source)
  if (compiled) refine(schema, compiled.node, compiled.refs)
  return schema
}

function compile(schema: unknown): { node: CompiledNode; refs: Refs } | undefined {
  const parse = (schema as Record<symbol, unknown> | undefined)?.[symbols.PARSE]
  if (typeof parse !== 'function') return undefined
  // The same store VineJS's compiler builds: every rule, parser and transformer by reference.
  const refs: Refs = {}
  let counter = 0
  const track = (value: unknown) => {
    const ref = `ref://${++counter}`
    refs[ref] = value as Refs[string]
    return ref
  }
  const store = {
    toJSON: () => refs,
    track,
    trackValidation: track,
    trackParser: track,
    trackTransformer: track,
    trackConditional: track,
  }
  const node = parse.call(schema, '', store, { toCamelCase: false }) as CompiledNode
  return { node, refs }
}

function refine(schema: JsonSchema | undefined, node: CompiledNode, refs: Refs): void {
  if (!schema || typeof schema !== 'object') return
  if (node.type === 'object' && node.properties && isRecord(schema.properties)) {
    const properties = schema.properties
    schema.required = node.properties
      .filter((property) => !property.isOptional && property.fieldName in properties)
      .map((property) => property.fieldName)
    for (const property of node.properties) {
      refine(properties[property.fieldName] as JsonSchema | undefined, property, refs)
    }
  } else if (node.type === 'array' && node.each) {
    refine(schema.items as JsonSchema | undefined, node.each, refs)
  } else if (node.type === 'literal' && node.subtype === 'string') {
    refineString(schema, rulesOf(node, refs))
  } else if (node.type === 'literal' && node.subtype === 'number') {
    refineNumber(schema, rulesOf(node, refs))
  } else if (node.type === 'literal' && node.subtype === 'date') {
    refineDate(schema, node, refs)
  }
}

function rulesOf(node: CompiledNode, refs: Refs) {
  return (node.validations ?? []).map((validation) => ({
    name: validation.name ?? '',
    options: refs[validation.ruleFnId]?.options ?? {},
  }))
}

type Rule = ReturnType<typeof rulesOf>[number]

/** Splits the length rules into those checked on the text as sent and those after trim(). */
function refineString(schema: JsonSchema, rules: Rule[]) {
  if (!rules.some((rule) => rule.name === 'trim')) return
  const raw: { min?: number; max?: number } = {}
  const trimmed: { min?: number; max?: number } = {}
  let bounds = raw
  for (const { name, options } of rules) {
    if (name === 'trim') bounds = trimmed
    else if (name === 'minLength') bounds.min = Number(options.min)
    else if (name === 'maxLength') bounds.max = Number(options.max)
    else if (name === 'fixedLength') bounds.min = bounds.max = Number(options.size)
  }
  // The text as sent is at least as long as the trimmed text, never bounded above by it.
  const min = Math.max(raw.min ?? 0, trimmed.min ?? 0)
  if (min > 0) schema.minLength = min
  else delete schema.minLength
  if (raw.max !== undefined) schema.maxLength = raw.max
  else delete schema.maxLength
  const pattern = trimmedLengthPattern(trimmed.min ?? 0, trimmed.max)
  if (!pattern) return
  if (schema.pattern === undefined) schema.pattern = pattern
  else schema.allOf = [...((schema.allOf as JsonSchema[]) ?? []), { pattern }]
}

/**
 * `decimal([0, n])`: at most n decimals, i.e. a multiple of 10^-n. A validator that divides
 * binary floating-point numbers needs a tolerance for it (1.1 / 0.01 is 110.00000000000001);
 * the number is exact in decimal, as JSON Schema defines it.
 */
function refineNumber(schema: JsonSchema, rules: Rule[]) {
  const decimal = rules.find((rule) => rule.name === 'decimal')
  const range = decimal?.options.range as number[] | undefined
  if (!range || range[0] !== 0) return
  const places = range[range.length - 1]
  schema.multipleOf = places === 0 ? 1 : Number(`1e-${places}`)
  schema.description ??= `At most ${places} decimal places (multipleOf, compared in decimal)`
}

/** Replaces VineJS's type of a date (none, or null alone) by the values its formats take. */
function refineDate(schema: JsonSchema, node: CompiledNode, refs: Refs) {
  const formats = refs[node.dataTypeValidatorFnId ?? '']?.options?.formats
  const date = dateJsonSchema(formats)
  Object.assign(schema, date)
  if (node.allowNull) schema.type = [date.type, 'null'].flat()
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
