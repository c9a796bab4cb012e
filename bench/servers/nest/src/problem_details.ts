import { randomUUID } from 'node:crypto'
import {
  ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  NotFoundException,
} from '@nestjs/common'
import type { ValidationError } from 'class-validator'
import type { FastifyReply, FastifyRequest } from 'fastify'

const TITLES: Record<number, [string, string]> = {
  400: ['Bad Request', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1'],
  404: ['Not Found', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.5'],
  415: ['Unsupported Media Type', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.16'],
  500: ['Internal Server Error', 'https://www.rfc-editor.org/rfc/rfc9110#section-15.6.1'],
}

interface FieldError {
  field?: string
  code: string
  message: string
}

/** An error the filter turns into problem details (RFC 9457), with Pantheon's `code` and `errors`. */
export class Problem extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: FieldError[]
  ) {
    super(detail, status)
  }
}

/**
 * One failed rule per field, the first in Pantheon's order, with its code (`required`,
 * `string`, `number`, …); a field the body may not have is an `unknownField`.
 */
const CODES: [string, string][] = [
  ['whitelistValidation', 'unknownField'],
  ['isDefined', 'required'],
  ['isString', 'string'],
  ['isNumber', 'number'],
  ['maxLength', 'maxLength'],
  ['isNotEmpty', 'minLength'],
  ['min', 'min'],
  ['max', 'max'],
  ['decimal', 'decimal'],
]

export function validationProblem(errors: ValidationError[]): Problem {
  const fields = errors.map((error): FieldError => {
    const constraints = error.constraints ?? {}
    const [constraint, code] = CODES.find(([name]) => name in constraints) ?? ['', 'invalid']
    const message =
      code === 'unknownField'
        ? `The ${error.property} field is not part of this request (its fields: name, price)`
        : (constraints[constraint] ?? 'invalid')
    return { field: error.property, code, message }
  })
  const unknown = fields.filter((field) => field.code === 'unknownField')
  if (unknown.length > 0) {
    const names = unknown.map((field) => field.field).join(', ')
    return new Problem(
      400,
      'Validation.Failed',
      `The body has fields this endpoint does not define: ${names}`,
      unknown
    )
  }
  return new Problem(400, 'Validation.Failed', 'One or more fields are invalid', fields)
}

/** Every error as problem details, the way Pantheon answers them. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp()
    const request = http.getRequest<FastifyRequest>()
    const reply = http.getResponse<FastifyReply>()
    const problem = this.#problemOf(exception, request)
    const [title, type] = TITLES[problem.getStatus()] ?? TITLES[500]
    reply
      .status(problem.getStatus())
      .header('content-type', 'application/problem+json; charset=utf-8')
      .send(
        JSON.stringify({
          type,
          title,
          status: problem.getStatus(),
          detail: problem.detail,
          instance: request.url,
          code: problem.code,
          traceId: randomUUID(),
          ...(problem.errors && { errors: problem.errors }),
        })
      )
  }

  #problemOf(exception: unknown, request: FastifyRequest): Problem {
    if (exception instanceof Problem) return exception
    // Fastify's own body errors, raised before Nest's pipes run.
    // Nest wraps some of them in an HttpException whose cause is Fastify's error.
    const raised = exception as { code?: string; cause?: { code?: string } }
    const fastifyCode = raised.code ?? raised.cause?.code
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const received = request.headers['content-type'] ?? 'none'
      return new Problem(
        415,
        'Request.UnsupportedMediaType',
        `Send the body as application/json (received content type: ${received})`
      )
    }
    if (
      fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return invalidJson()
    }
    if (exception instanceof NotFoundException) {
      return new Problem(
        404,
        'Route.NotFound',
        `No endpoint answers ${request.method} ${request.url}`
      )
    }
    if (
      exception instanceof HttpException &&
      exception.getStatus() === HttpStatus.UNSUPPORTED_MEDIA_TYPE
    ) {
      const received = request.headers['content-type'] ?? 'none'
      return new Problem(
        415,
        'Request.UnsupportedMediaType',
        `Send the body as application/json (received content type: ${received})`
      )
    }
    if (process.env.NEST_PEER_DEBUG) console.error(exception)
    return new Problem(500, 'Server.Error', 'The server could not answer')
  }
}

function invalidJson(): Problem {
  const detail = 'The request body is not valid JSON: send a JSON object'
  return new Problem(400, 'Request.InvalidJson', detail, [
    { code: 'Request.InvalidJson', message: detail },
  ])
}
