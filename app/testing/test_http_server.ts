import type { TestUtils } from '@adonisjs/core/test_utils'

/**
 * The integration suite's HTTP server, as `testUtils.httpServer().start()` starts it on HOST and
 * PORT (bin/test.ts takes them from TEST_HOST and TEST_PORT), with the function that closes it.
 * A port another process holds (a second test run, a server left running) fails the run with
 * what to do, where Node says only `listen EADDRINUSE`.
 */
export async function startTestHttpServer(testUtils: TestUtils): Promise<() => Promise<void>> {
  try {
    return await testUtils.httpServer().start()
  } catch (error) {
    const { code, address, port } = error as NodeJS.ErrnoException & {
      address?: string
      port?: number
    }
    if (code !== 'EADDRINUSE') throw error
    throw new Error(
      `The integration suite's HTTP server cannot listen on ${address}:${port}: another process ` +
        'holds that port (another test run, a server left running). Stop it, or run the tests ' +
        'on another port: TEST_PORT=<port> bin/test.sh',
      { cause: error }
    )
  }
}
