import { basename, relative, resolve } from 'node:path'
import { test } from '@japa/runner'
import { APP_ROOT, cruiseArchitecture, describeViolations } from '@pantheon/kit/testing'

/*
 * Module-agnostic: this file lives in modules/<name>/tests/architecture, so the module is two
 * folders up. The same file is in every module.
 */
const moduleFolder = relative(APP_ROOT, resolve(import.meta.dirname, '../..'))
const moduleName = basename(moduleFolder)

test.group('Architecture of the ' + moduleName + ' module', () => {
  test('respects the layer rules and module boundaries', async ({ assert }) => {
    const violations = await cruiseArchitecture([moduleFolder])
    assert.deepEqual(violations, [], describeViolations(moduleFolder, violations))
  })
})
