import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { expectTypeOf } from '@japa/expect-type'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { OutboxRelay } from '@pantheon/kit/messaging'
import { assertRequiredServices } from '#tests/common/required_services'
import { openApiContract } from '#tests/common/contract/contract_plugin'

export const plugins: Config['plugins'] = [
  assert(),
  expectTypeOf(),
  pluginAdonisJS(app),
  apiClient(),
  // Every request to the suite's own server is held to the OpenAPI documents it serves.
  openApiContract(),
]

/**
 * Migrations run once before the suites (host and every module); after them the tables are
 * emptied and the migrations rolled back, so each run starts from the schema the code describes.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const rollback = await testUtils.db().migrate()
      // Emptied before the rollback: a down() that narrows a column (an enum's values, a
      // shorter string) refuses the rows the tests leave.
      const truncate = await testUtils.db().truncate()
      // The host's relay, as in a web host; it polls the outbox, so only once the table exists.
      const relay = await app.container.make(OutboxRelay)
      relay.start()
      return async () => {
        await relay.stop()
        await truncate()
        await rollback()
      }
    },
  ],
  teardown: [],
}

/**
 * The integration and end-to-end suites need the machine's services (checked once, first); the
 * integration suite drives the real HTTP server on HOST:PORT, end-to-end specs their own apps.
 */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'e2e') return suite.setup(() => assertRequiredServices())
  if (suite.name === 'integration') {
    suite.setup(() => assertRequiredServices())
    return suite.setup(() => testUtils.httpServer().start())
  }
}
