// One autocannon run, given as JSON in argv[2]; prints the result as JSON. Paths may contain
// {id}, replaced on every request by a random id from the run's list.
import autocannon from 'autocannon'

const config = JSON.parse(process.argv[2])
const pick = () => config.ids[Math.floor(Math.random() * config.ids.length)]
const result = await autocannon({
  url: config.url,
  connections: config.connections,
  duration: config.duration,
  requests: [
    {
      method: config.method ?? 'GET',
      headers: config.body ? { 'content-type': 'application/json' } : {},
      setupRequest: (request) => ({
        ...request,
        path: request.path.replace('%7Bid%7D', pick()).replace('{id}', pick()),
        body: config.body ? JSON.stringify({ name: `Bench ${Math.random()}`, price: 9.99 }) : undefined,
      }),
    },
  ],
})
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })
)
