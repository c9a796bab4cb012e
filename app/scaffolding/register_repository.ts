import type { FilePlan } from './file_plan.js'
import { asGenerated } from './generated_files.js'
import { readKitRegistration } from './kit_registration_text.js'
import type { ModuleTarget } from './module_target.js'
import { readRegistrationSource } from './registration_source.js'
import { ScaffoldError } from './scaffold_error.js'

export interface RepositoryBinding {
  /** The abstract repository class (the container token), e.g. ProductRepository. */
  token: string
  tokenImport: string
  /** The Lucid implementation, e.g. LucidProductRepository. */
  implementation: string
  implementationImport: string
}

/**
 * Plans the binding of a repository in the module's registration class. The lines it adds are
 * in the house style, so a registration class as the kit wrote it is not formatted again
 * (format_files.ts); one edited by hand is, as before.
 */
export async function planRepositoryBinding(
  plan: FilePlan,
  module: Pick<ModuleTarget, 'root' | 'registrationFile'>,
  binding: RepositoryBinding
): Promise<void> {
  const file = module.registrationFile
  const generated = await asGenerated(module.root, file)
  await plan.edit(file, (source) => registerRepository(source, file, binding, generated), {
    houseStyle: generated,
    recorded: true,
  })
}

/**
 * Adds `this.app.container.singleton(Token, () => new Implementation(this.unitOfWork))` to the
 * module's registerServices(), with its imports, where its syntax tree says they go
 * (registration_source.ts). Running it twice changes nothing the second time.
 */
export async function registerRepository(
  source: string,
  fileName: string,
  binding: RepositoryBinding,
  /** Whether this text is the kit's, unedited: then its lines are read without a parser. */
  isKitText: (text: string) => boolean = () => false
): Promise<string> {
  const read =
    (isKitText(source) ? readKitRegistration(source) : undefined) ??
    (await readRegistrationSource(source, fileName))
  const method = read.method
  if (!method) {
    throw new ScaffoldError(
      `${fileName} has no registerServices() method to register ${binding.token} in`
    )
  }
  // Each edit is text at a position of the source as read, applied from the last one back.
  const edits: Array<{ at: number; end?: number; text: string }> = []
  if (!method.boundTokens.includes(binding.token)) {
    // Written with the method's own indentation; a line too long for the print width sends the
    // file through prettier (format_files.ts), which wraps it.
    const statement = `this.app.container.singleton(${binding.token}, () => new ${binding.implementation}(this.unitOfWork))`
    const lineStart = source.lastIndexOf('\n', method.start) + 1
    const indentation = /^[ \t]*/.exec(source.slice(lineStart))![0]
    if (method.lastStatementEnd !== undefined) {
      edits.push({ at: method.lastStatementEnd, text: `\n${indentation}  ${statement}` })
    } else {
      const { start, end } = method.body
      edits.push({ at: start, end, text: `{\n${indentation}  ${statement}\n${indentation}}` })
    }
  }
  const imports = [
    [binding.token, binding.tokenImport],
    [binding.implementation, binding.implementationImport],
  ].filter(([name]) => !read.importedNames.includes(name))
  // In the house style (single quotes, no semicolon), after the last import or at the top.
  const lines = imports.map(([name, specifier]) => `import { ${name} } from '${specifier}'`)
  if (lines.length > 0) {
    edits.push(
      read.lastImportEnd === undefined
        ? { at: 0, text: lines.map((line) => `${line}\n`).join('') }
        : { at: read.lastImportEnd, text: lines.map((line) => `\n${line}`).join('') }
    )
  }
  let edited = source
  for (const { at, end, text } of edits.sort((a, b) => b.at - a.at)) {
    edited = edited.slice(0, at) + text + edited.slice(end ?? at)
  }
  return edited
}
