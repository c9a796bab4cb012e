import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import { expectTypeOf } from '@japa/expect-type'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { prepareTestDatabases, startTestHttpServer } from '@pantheon/kit/testing'
import { assertRequiredServices } from '#tests/common/required_services'
import { openApiContract } from '#tests/common/contract/contract_plugin'

// Every generator run of the suite, in process or in an app it made, formats the text the kit
// renders in its house style anyway and fails where prettier would change it (house_style.ts).
process.env.PANTHEON_VERIFY_HOUSE_STYLE ??= 'true'

export const plugins: Config['plugins'] = [
  assert(),
  expectTypeOf(),
  pluginAdonisJS(app),
  apiClient(),
  // Every request to the suite's own server is held to the OpenAPI documents it serves.
  openApiContract(),
]

/**
 * Before the suites every database the modules use is migrated (host and every module) and the
 * host's relays start; after them the tables are emptied and the migrations rolled back, so each
 * run starts from the schema the code describes.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => prepareTestDatabases(app)],
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
    return suite.setup(() => startTestHttpServer(testUtils))
  }
}
