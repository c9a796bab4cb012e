import { createServer, type IncomingMessage, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { createRequire } from 'node:module'

/*
 * The OTLP protobuf messages as the OpenTelemetry JavaScript project generates them (protobufjs),
 * for decoding `http/protobuf` exports, the exporters' default protocol.
 */
const otlp = createRequire(import.meta.url)(
  '@opentelemetry/otlp-transformer/build/src/generated/root.js'
).opentelemetry.proto.collector

interface ProtobufType {
  decode(body: Uint8Array): unknown
  toObject(message: unknown, options: object): Record<string, unknown>
}

const PROTOBUF_REQUESTS: Record<string, ProtobufType> = {
  '/v1/traces': otlp.trace.v1.ExportTraceServiceRequest,
  '/v1/metrics': otlp.metrics.v1.ExportMetricsServiceRequest,
  '/v1/logs': otlp.logs.v1.ExportLogsServiceRequest,
}

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId'])

/** A decoded protobuf export in the shape of its JSON form: ids as hex, numbers as numbers. */
function protobufToJson(path: string, body: Buffer): unknown {
  const type = PROTOBUF_REQUESTS[path]
  if (!type) return {}
  const object = type.toObject(type.decode(body), { longs: Number, enums: Number, bytes: String })
  return JSON.parse(JSON.stringify(object), (key, value) =>
    ID_FIELDS.has(key) && typeof value === 'string'
      ? Buffer.from(value, 'base64').toString('hex')
      : value
  )
}

type AttributeValue = string | number | boolean | undefined

/** One span as the receiver decoded it from an OTLP/HTTP JSON export. */
export interface ReceivedSpan {
  service: string
  /** `service.instance.id`: tells the processes of one service apart. */
  instance: string
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  /** OTLP's numeric kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number
  attributes: Record<string, AttributeValue>
  links: { traceId: string; spanId: string }[]
  /** OTLP's status code: 0 unset, 1 ok, 2 error; with the error's message. */
  status: { code: number; message?: string }
}

/** One data point of a metric as exported (a sum's or gauge's value, a histogram's count). */
export interface ReceivedMetricPoint {
  service: string
  instance: string
  name: string
  attributes: Record<string, AttributeValue>
  value: number
}

interface OtlpDataPoint {
  attributes?: OtlpKeyValue[]
  asInt?: string | number
  asDouble?: number
  count?: string | number
}

interface OtlpMetricExport {
  resourceMetrics?: {
    resource?: { attributes?: OtlpKeyValue[] }
    scopeMetrics?: {
      metrics?: {
        name: string
        sum?: { dataPoints?: OtlpDataPoint[] }
        gauge?: { dataPoints?: OtlpDataPoint[] }
        histogram?: { dataPoints?: OtlpDataPoint[] }
      }[]
    }[]
  }[]
}

interface OtlpKeyValue {
  key: string
  value?: {
    stringValue?: string
    intValue?: string | number
    doubleValue?: number
    boolValue?: boolean
  }
}

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind?: number
  attributes?: OtlpKeyValue[]
  links?: { traceId: string; spanId: string }[]
  status?: { code?: number; message?: string }
}

interface OtlpTraceExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] }
    scopeSpans?: { spans?: OtlpSpan[] }[]
  }[]
}

function attributesOf(list: OtlpKeyValue[] = []): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {}
  for (const { key, value } of list) {
    if (!value) continue
    attributes[key] =
      value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.doubleValue ??
      value.boolValue
  }
  return attributes
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body
}

/**
 * An OTLP/HTTP receiver of the tests' own, on loopback: apps under test export to it over
 * `http/json` or `http/protobuf`, and the tests read back what arrived. Traces and metrics are
 * decoded; every request is recorded by path, so a test can tell that nothing came at all.
 * Any other content type is answered 415, so a test configured wrongly fails loudly.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = []
  readonly metrics: ReceivedMetricPoint[] = []
  /** Every export request, by path (`/v1/traces`, `/v1/metrics`, `/v1/logs`). */
  readonly requests: string[] = []
  /** The content types the exports came in. */
  readonly protocols = new Set<string>()
  #server?: Server

  constructor(readonly port: number) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** The variables that point an app at this receiver. */
  env(
    serviceName: string,
    protocol: 'http/json' | 'http/protobuf' = 'http/json'
  ): Record<string, string> {
    return {
      OTEL_EXPORTER_OTLP_ENDPOINT: this.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_SERVICE_NAME: serviceName,
      // Export within a fraction of a second instead of the default five.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRIC_EXPORT_INTERVAL: '500',
    }
  }

  async start(): Promise<this> {
    this.#server = createServer(async (request, response) => {
      this.requests.push(request.url ?? '')
      const body = await bodyOf(request)
      const type = String(request.headers['content-type'])
      const path = request.url ?? ''
      let exported: unknown
      if (type.includes('json')) exported = JSON.parse(body.toString('utf8'))
      else if (type.includes('protobuf')) exported = protobufToJson(path, body)
      else {
        response.writeHead(415).end()
        return
      }
      this.protocols.add(type)
      if (path === '/v1/traces') this.#collect(exported as OtlpTraceExport)
      if (path === '/v1/metrics') this.#collectMetrics(exported as OtlpMetricExport)
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve))
    return this
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections()
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve())
  }

  #collect(exported: OtlpTraceExport) {
    for (const resourceSpans of exported.resourceSpans ?? []) {
      const resource = attributesOf(resourceSpans.resource?.attributes)
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            service: String(resource['service.name']),
            instance: String(resource['service.instance.id']),
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind ?? 0,
            attributes: attributesOf(span.attributes),
            links: span.links ?? [],
            status: { code: span.status?.code ?? 0, message: span.status?.message },
          })
        }
      }
    }
  }

  #collectMetrics(exported: OtlpMetricExport) {
    for (const resourceMetrics of exported.resourceMetrics ?? []) {
      const resource = attributesOf(resourceMetrics.resource?.attributes)
      for (const scope of resourceMetrics.scopeMetrics ?? []) {
        for (const metric of scope.metrics ?? []) {
          const points =
            metric.sum?.dataPoints ?? metric.gauge?.dataPoints ?? metric.histogram?.dataPoints
          for (const point of points ?? []) {
            this.metrics.push({
              service: String(resource['service.name']),
              instance: String(resource['service.instance.id']),
              name: metric.name,
              attributes: attributesOf(point.attributes),
              value: Number(point.asInt ?? point.asDouble ?? point.count),
            })
          }
        }
      }
    }
  }

  /** Waits until a metric point matching `predicate` arrived; returns it. */
  async waitForMetric(
    predicate: (point: ReceivedMetricPoint) => boolean,
    what: string,
    timeoutMs = 15_000
  ): Promise<ReceivedMetricPoint> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.metrics.findLast(predicate)
      if (found) return found
      if (Date.now() > deadline) {
        const names = [...new Set(this.metrics.map((point) => point.name))].join(', ')
        throw new Error(`no metric ${what} arrived in ${timeoutMs} ms; received: ${names}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId)
  }

  /** Waits until a span matching `predicate` arrived; returns it. */
  async waitForSpan(
    predicate: (span: ReceivedSpan) => boolean,
    what: string,
    timeoutMs = 15_000
  ): Promise<ReceivedSpan> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.spans.find(predicate)
      if (found) return found
      if (Date.now() > deadline) {
        const names = this.spans.map((span) => span.name).join(', ')
        throw new Error(`no span ${what} arrived in ${timeoutMs} ms; received: ${names}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** The chain of ancestors of a span within its trace, nearest first. */
export function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(trace.map((each) => [each.spanId, each]))
  const chain: ReceivedSpan[] = []
  let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined
  while (parent) {
    chain.push(parent)
    parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined
  }
  return chain
}
