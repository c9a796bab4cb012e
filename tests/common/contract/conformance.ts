import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { MatchedOperation, MediaTypes, ResponseObject } from './documented_operations.js'
import { mediaType, type Exchange } from './exchange.js'

/**
 * Checks one exchange against one documented operation: is the request one the operation
 * allows, and is the response one it declares? Each answer is a list of what does not conform
 * (empty: it conforms).
 */
export class Conformance {
  readonly #compiled = new Map<object, ReturnType<Ajv2020['compile']>>()

  constructor(private readonly ajv: Ajv2020) {}

  request(exchange: Exchange, matched: MatchedOperation): string[] {
    const problems: string[] = []
    for (const parameter of matched.operation.parameters ?? []) {
      const where = `${parameter.in} parameter ${parameter.name}`
      const values = this.#parameterValues(exchange, matched, parameter.in, parameter.name)
      if (values.length === 0) {
        if (parameter.required) problems.push(`${where} is required`)
        continue
      }
      const schema = parameter.schema ?? {}
      const isArray = (schema as { type?: unknown }).type === 'array'
      if (values.length > 1 && !isArray) {
        problems.push(`${where} is sent ${values.length} times`)
        continue
      }
      problems.push(...this.#validate(schema, isArray ? values : values[0], where))
    }
    const requestBody = matched.operation.requestBody
    if (requestBody) {
      if (exchange.requestBody === undefined || exchange.requestBody === '') {
        if (requestBody.required) problems.push('the request body is required')
      } else {
        problems.push(
          ...this.#content(
            requestBody.content,
            exchange.requestHeaders['content-type'],
            exchange.requestBody,
            'request body'
          )
        )
      }
    }
    return problems
  }

  response(exchange: Exchange, matched: MatchedOperation): string[] {
    const responses = matched.operation.responses
    const status = String(exchange.status)
    const declared: ResponseObject | undefined =
      responses[status] ?? responses[`${status[0]}XX`] ?? responses.default
    if (!declared) return [`status ${status} is not declared`]
    const problems: string[] = []
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = exchange.responseHeaders[name.toLowerCase()]
      if (value === undefined) {
        if (header.required) problems.push(`response header ${name} is required`)
        continue
      }
      const schema = header.schema ?? {}
      problems.push(
        ...this.#validate(schema, asSchemaType(schema, value), `response header ${name}`)
      )
    }
    // A HEAD is answered as its GET, without the body (DocumentedOperations.match).
    if (exchange.method.toUpperCase() === 'HEAD') return problems
    if (declared.content) {
      problems.push(
        ...this.#content(
          declared.content,
          exchange.responseHeaders['content-type'],
          exchange.responseBody,
          `${status} body`
        )
      )
    } else if (exchange.responseBody !== '') {
      problems.push(`the ${status} response declares no body, yet one was sent`)
    }
    return problems
  }

  #parameterValues(
    exchange: Exchange,
    matched: MatchedOperation,
    location: string,
    name: string
  ): string[] {
    if (location === 'path') return name in matched.pathParams ? [matched.pathParams[name]] : []
    if (location === 'query') return exchange.query.getAll(name)
    if (location === 'header') {
      const value = exchange.requestHeaders[name.toLowerCase()]
      return value === undefined ? [] : [value]
    }
    return []
  }

  #content(content: MediaTypes, contentType: string | undefined, text: string, where: string) {
    const type = mediaType(contentType)
    const entry = type ? content[type] : undefined
    if (!entry) {
      return [`${where} is ${type ?? 'untyped'}, declared: ${Object.keys(content).join(', ')}`]
    }
    if (!entry.schema) return []
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      return [`${where} is not JSON`]
    }
    return this.#validate(entry.schema, value, where)
  }

  #validate(schema: object, value: unknown, where: string): string[] {
    let validate = this.#compiled.get(schema)
    if (!validate) {
      validate = this.ajv.compile(schema)
      this.#compiled.set(schema, validate)
    }
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (error) => `${where}${error.instancePath} ${error.message ?? error.keyword}`
    )
  }
}

/** A header value is text; a header whose schema is a number is read as one. */
function asSchemaType(schema: object, value: string): unknown {
  const type = (schema as { type?: unknown }).type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    return Number(value)
  }
  return value
}
