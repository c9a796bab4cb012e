import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { buildCommandsIndex } from '../../../bin/index_commands.js'

test.group('Commands index', (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('commands/commands.json matches the command files (run npm run index:commands after a change)', async ({
    assert,
  }) => {
    const committed = await readFile(app.makePath('commands/commands.json'), 'utf8')
    assert.equal(committed, await buildCommandsIndex())
  })
})
