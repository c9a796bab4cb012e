/**
 * Every port a test run listens on, for its own HTTP server and for the servers, proxies and
 * PostgreSQL instances its specs start: TEST_PORT (5100 by default) and the PORT_SPAN - 1 ports
 * above it, 5100-5429 by default (5432, PostgreSQL's, stays outside). Two runs at once need
 * TEST_PORTs at least PORT_SPAN apart: `.ci/run` gives its end-to-end suite 7100.
 */
const PORT_SPAN = 330

export const TEST_PORT = Number(process.env.TEST_PORT ?? 5100)

/** The port `offset` above TEST_PORT; an offset outside the span is a mistake in the test. */
export function testPort(offset: number): number {
  if (!Number.isInteger(offset) || offset < 0 || offset >= PORT_SPAN) {
    throw new Error(`port offset ${offset} is outside the test range 0..${PORT_SPAN - 1}`)
  }
  return TEST_PORT + offset
}
