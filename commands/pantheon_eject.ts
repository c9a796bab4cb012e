import { globSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { args } from '@adonisjs/core/ace'
import { stubsRoot } from '../app/kit/stubs_root.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/**
 * Copies the kit's stubs into the app's stubs/pantheon/, where the scaffolding commands find
 * them first (AdonisJS's eject convention): an app edits its copy, and upgrading the kit never
 * overwrites it.
 */
export default class PantheonEject extends ScaffoldCommand {
  static commandName = 'pantheon:eject'
  static description =
    "Copy the kit's stubs into stubs/pantheon/ to customise them: a folder (module, entity, …), one stub (entity/entity.stub) or all"

  @args.string({
    description:
      'What to eject: all, a folder such as entity, or a stub such as entity/entity.stub',
  })
  declare path: string

  protected async plan(): Promise<FilePlan> {
    const kitStubs = join(stubsRoot, 'pantheon')
    const wanted = this.path.replace(/\\/g, '/').replace(/^\/+|\/+$/g, '')
    if (wanted.split('/').includes('..')) {
      throw new ScaffoldError(
        `"${this.path}" leaves the kit's stubs folder`,
        'Name a stub or folder such as entity'
      )
    }
    const available = globSync('**/*.stub', { cwd: kitStubs })
      .map((file) => file.replace(/\\/g, '/'))
      .sort()
    // app/ and aspire/ hold what init and configure write, which no scaffolding command
    // renders: only when asked for by name.
    const chosen = available.filter((file) =>
      wanted === 'all'
        ? !/^(app|aspire)\//.test(file)
        : file === wanted || file.startsWith(`${wanted}/`)
    )
    if (chosen.length === 0) {
      const folders = [...new Set(available.map((file) => file.split('/')[0]))].join(', ')
      throw new ScaffoldError(
        `The kit has no stub "${this.path}"`,
        `Choose all, one of ${folders}, or a stub path`
      )
    }
    const plan = new FilePlan(this.app.makePath())
    for (const file of chosen) {
      plan.create(
        this.app.makePath('stubs', 'pantheon', file),
        await readFile(join(kitStubs, file), 'utf8')
      )
    }
    return plan
  }

  protected nextSteps(): string[] {
    return [
      "Edit the copies under stubs/pantheon/: the scaffolding commands now render them instead of the kit's",
    ]
  }
}
