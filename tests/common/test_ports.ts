/**
 * Every port a test run listens on, for its own HTTP server and for the servers, proxies and
 * PostgreSQL instances its specs start: TEST_PORT (5100 by default) and the PORT_SPAN - 1 ports
 * above it, 5100-5429 by default (5432, PostgreSQL's, stays outside). Two runs at once need
 * TEST_PORTs at least PORT_SPAN apart: `.ci/run` gives its end-to-end suite 7100.
 */
const PORT_SPAN = 330

export const TEST_PORT = Number(process.env.TEST_PORT ?? 5100)

/**
 * The ports above 1023 that fetch refuses to connect to ("bad ports" of the Fetch standard, which
 * Node's fetch follows): a server a test starts there never seems to answer.
 */
const FETCH_REFUSED_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
])

/** The port `offset` above `base`; an offset outside the span, or a port fetch refuses, is refused. */
export function testPortOf(base: number, offset: number): number {
  if (!Number.isInteger(offset) || offset < 0 || offset >= PORT_SPAN) {
    throw new Error(`port offset ${offset} is outside the test range 0..${PORT_SPAN - 1}`)
  }
  const port = base + offset
  if (FETCH_REFUSED_PORTS.has(port)) {
    throw new Error(
      `port ${port} (TEST_PORT ${base} + ${offset}) is one that fetch refuses to connect to: choose another TEST_PORT`
    )
  }
  return port
}

/** The port `offset` above TEST_PORT. */
export function testPort(offset: number): number {
  return testPortOf(TEST_PORT, offset)
}
