import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import { MODULES_DOCUMENT_PATH } from '../app/scaffolding/modules_document.js'
import { modulesDocumentFile } from '../app/scaffolding/modules_document_file.js'

/**
 * Writes docs/modules.md from the modules' files (read without starting the app): a Mermaid
 * diagram of the modules and the integration events between them, then each module's entities,
 * commands, queries, endpoints and events. The app's tests fail when the file is stale; the
 * scaffolding commands rewrite it once it exists.
 */
export default class DocsModules extends BaseCommand {
  static commandName = 'docs:modules'
  static description =
    'Write docs/modules.md: a diagram of the modules and their events, and what each module holds'

  @flags.boolean({ description: 'Write nothing; fail when docs/modules.md is missing or stale' })
  declare check: boolean

  async run(): Promise<void> {
    const { path, expected, current } = await modulesDocumentFile(this.app.makePath())
    if (this.check) {
      if (current === expected) {
        this.logger.success(`${MODULES_DOCUMENT_PATH} is up to date`)
        return
      }
      this.logger.error(
        `${MODULES_DOCUMENT_PATH} is ${current === undefined ? 'missing' : 'stale'}: run node ace docs:modules`
      )
      this.exitCode = 1
      return
    }
    if (current === expected) {
      this.logger.info(`${MODULES_DOCUMENT_PATH} was already up to date`)
      return
    }
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, expected)
    this.logger
      .action(`${current === undefined ? 'create' : 'update'} ${MODULES_DOCUMENT_PATH}`)
      .succeeded()
  }
}
