import { MAX_JSON_DEPTH } from './json_depth.js'

/**
 * How much structure one JSON request body may hold. Each unit of structure costs the server
 * work (parsing, copying, validating, naming it in an error), so a small body of many keys can
 * hold the single thread for seconds; these bounds are checked on the text before any of it.
 */
export interface JsonBodyLimits {
  /** Keys in any one object. */
  keysPerObject: number
  /** Items in any one array. */
  arrayItems: number
  /** Values in the whole body: every key's value and every array item, nested ones included. */
  values: number
}

export const DEFAULT_JSON_BODY_LIMITS: JsonBodyLimits = {
  keysPerObject: 1_000,
  arrayItems: 10_000,
  values: 100_000,
}

/** What a body breaks first, as the code and the sentence to answer with. */
export interface JsonBodyOverLimit {
  code: 'Request.TooDeep' | 'Request.TooManyValues'
  detail: string
}

const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d
const COMMA = 0x2c
const QUOTE = 0x22
const BACKSLASH = 0x5c

function isWhitespace(char: number): boolean {
  return char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09
}

/**
 * The first bound a JSON text breaks (nesting deeper than MAX_JSON_DEPTH, or more keys, items or
 * values than `limits`), read character by character with strings skipped, so nothing is parsed
 * or allocated per key: a document nested 100,000 deep or holding 500,000 keys is measured in
 * one pass that stops at the first excess. The text need not be valid JSON; the parser judges
 * that afterwards.
 */
export function jsonTextOverLimit(
  text: string,
  limits: JsonBodyLimits
): JsonBodyOverLimit | undefined {
  // Per open container: its element count, whether it is an object, and whether an element has
  // started (a container's first element is counted when its first character arrives).
  const counts: number[] = []
  const isObject: boolean[] = []
  let awaitingFirst = false
  let values = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === BACKSLASH) index++
      else if (char === QUOTE) inString = false
      continue
    }
    if (isWhitespace(char)) continue
    const depth = counts.length
    if (awaitingFirst && char !== CLOSE_ARRAY && char !== CLOSE_OBJECT) {
      awaitingFirst = false
      const over = countElement(counts, isObject, depth - 1, limits, ++values)
      if (over) return over
    } else if (char === COMMA && depth > 0) {
      const over = countElement(counts, isObject, depth - 1, limits, ++values)
      if (over) return over
      continue
    }
    if (char === QUOTE) inString = true
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (depth + 1 > MAX_JSON_DEPTH) {
        return {
          code: 'Request.TooDeep',
          detail: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        }
      }
      counts.push(0)
      isObject.push(char === OPEN_OBJECT)
      awaitingFirst = true
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) {
      counts.pop()
      isObject.pop()
      awaitingFirst = false
    }
  }
  return undefined
}

function countElement(
  counts: number[],
  isObject: boolean[],
  level: number,
  limits: JsonBodyLimits,
  values: number
): JsonBodyOverLimit | undefined {
  if (level < 0) return undefined
  const count = ++counts[level]
  if (isObject[level] && count > limits.keysPerObject) {
    return tooMany(`An object in the body has more than ${limits.keysPerObject} keys`)
  }
  if (!isObject[level] && count > limits.arrayItems) {
    return tooMany(`An array in the body has more than ${limits.arrayItems} items`)
  }
  if (values > limits.values) {
    return tooMany(`The body holds more than ${limits.values} values in all`)
  }
  return undefined
}

function tooMany(what: string): JsonBodyOverLimit {
  return { code: 'Request.TooManyValues', detail: `${what}: send less in one request` }
}
