import { Agent } from 'node:http'
import { chaosRequests } from '#tests/common/bad_requests/chaos_requests'
import { exchange } from './exchange.js'
import { RequestSource } from './request_source.js'
import { Tally } from './tally.js'

export interface RunOptions {
  port: number
  seed: number
  requests: number
  /** Stop sending new requests after this long, if set. */
  seconds?: number
  concurrency: number
  /** A request with no answer after this long is a hang. */
  limitMs: number
  /** False once the server process has exited: the run stops, there is nobody to ask. */
  serverAlive: () => boolean
}

/**
 * Sends `requests` generated requests from `concurrency` clients at once, each waiting for its
 * answer (or the time limit) before sending the next, and tallies what came back.
 */
export async function runRequests(options: RunOptions): Promise<Tally> {
  const source = new RequestSource(chaosRequests, options.seed)
  const tally = new Tally()
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency })
  const startedAt = performance.now()
  const deadline = options.seconds === undefined ? Infinity : startedAt + options.seconds * 1000
  let next = 0

  async function client() {
    while (next < options.requests && performance.now() < deadline && options.serverAlive()) {
      const index = next++
      const request = source.next()
      tally.record(index, request, await exchange(agent, options.port, request, options.limitMs))
    }
  }
  try {
    await Promise.all(Array.from({ length: options.concurrency }, client))
  } finally {
    agent.destroy()
  }
  tally.seconds = (performance.now() - startedAt) / 1000
  return tally
}
