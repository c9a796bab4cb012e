// One autocannon run of the load check's mix, configured by JSON in argv[2]
// ({ origin, connections, duration }); prints the outcome as JSON on stdout.
// Each connection cycles through: create (1.0), read a created product (1.0), create (2.0),
// read a created product (2.0). Reads pick any product acknowledged so far, not only their own.
// It is a separate process (and plain JavaScript: autocannon ships no types) so the load
// generator never shares an event loop with the script that judges the run.
import autocannon from 'autocannon'

const config = JSON.parse(process.argv[2])
const acknowledged = []
const statuses = {}

const count = (label, status) =>
  (statuses[`${label} ${status}`] = (statuses[`${label} ${status}`] ?? 0) + 1)
const anyAcknowledged = () => acknowledged[Math.floor(Math.random() * acknowledged.length)]
let sequence = 0

function create(path, extra) {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({ name: `Load ${++sequence}`, price: 12.5, ...extra }),
    }),
    onResponse: (status, body) => {
      count(`POST ${path}`, status)
      if (status === 201) acknowledged.push(JSON.parse(body))
    },
  }
}

function read(prefix) {
  return {
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: `${prefix}/${anyAcknowledged()}` }),
    onResponse: (status) => count(`GET ${prefix}/:id`, status),
  }
}

const result = await autocannon({
  url: config.origin,
  connections: config.connections,
  duration: config.duration,
  requests: [
    create('/api/catalog', {}),
    read('/api/catalog'),
    create('/api/v2/catalog', { category: 'Load' }),
    read('/api/v2/catalog'),
  ],
})

process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    acknowledged,
  })
)
