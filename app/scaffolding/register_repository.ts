import { IndentationText, Project, QuoteKind, SyntaxKind, ts } from 'ts-morph'
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
 * Adds `this.app.container.singleton(Token, () => new Implementation(this.unitOfWork))` to the
 * module's registerServices(), with its imports, by editing the syntax tree (ts-morph).
 * Running it twice changes nothing the second time.
 */
export function registerRepository(source: string, fileName: string, binding: RepositoryBinding): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  })
  const file = project.createSourceFile(fileName, source)
  const method = file
    .getClasses()
    .flatMap((declaration) => declaration.getMethods())
    .find((candidate) => candidate.getName() === 'registerServices')
  if (!method) {
    throw new ScaffoldError(`${fileName} has no registerServices() method to register ${binding.token} in`)
  }

  const alreadyBound = method
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .some((call) => call.getText().includes('container.singleton') && call.getArguments()[0]?.getText() === binding.token)
  if (!alreadyBound) {
    method.addStatements(
      `this.app.container.singleton(${binding.token}, () => new ${binding.implementation}(this.unitOfWork))`
    )
    method.formatText({ indentSize: 2, semicolons: ts.SemicolonPreference.Remove })
  }

  for (const [name, specifier] of [
    [binding.token, binding.tokenImport],
    [binding.implementation, binding.implementationImport],
  ]) {
    const imported = file
      .getImportDeclarations()
      .some((declaration) => declaration.getNamedImports().some((named) => named.getName() === name))
    if (!imported) {
      // Inserted as text so it keeps the house style (single quotes, no semicolon).
      const lastImport = file.getImportDeclarations().at(-1)
      const line = `import { ${name} } from '${specifier}'`
      if (lastImport) file.insertText(lastImport.getEnd(), `\n${line}`)
      else file.insertText(0, `${line}\n`)
    }
  }
  return file.getFullText()
}
