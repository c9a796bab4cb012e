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
export async function registerRepository(
  source: string,
  fileName: string,
  binding: RepositoryBinding
): Promise<string> {
  // Loaded on demand: ts-morph brings the TypeScript compiler, which every other command (and
  // every `node ace` call, since ace imports all command files) would otherwise pay for.
  const { Node, Project, SyntaxKind } = await import('ts-morph')
  const project = new Project({ useInMemoryFileSystem: true })
  const file = project.createSourceFile(fileName, source)
  const method = file
    .getClasses()
    .flatMap((declaration) => declaration.getMethods())
    .find((candidate) => candidate.getName() === 'registerServices')
  if (!method) {
    throw new ScaffoldError(
      `${fileName} has no registerServices() method to register ${binding.token} in`
    )
  }

  const alreadyBound = method.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => {
    // A call of `….container.singleton(Token, …)` itself, not one whose text mentions it.
    const callee = call.getExpression()
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'singleton') return false
    const container = callee.getExpression()
    const onContainer = Node.isPropertyAccessExpression(container)
      ? container.getName() === 'container'
      : container.getText() === 'container'
    return onContainer && call.getArguments()[0]?.getText() === binding.token
  })
  if (!alreadyBound) {
    // Inserted as text with the method's own indentation: ts-morph's formatter would cost more
    // than the rest of the command. The plan is run through prettier before it is written
    // (format_files.ts), which wraps the line when it is too long.
    const statement = `this.app.container.singleton(${binding.token}, () => new ${binding.implementation}(this.unitOfWork))`
    const body = method.getBodyOrThrow()
    const lineStart = source.lastIndexOf('\n', method.getStart()) + 1
    const indentation = /^[ \t]*/.exec(source.slice(lineStart))![0]
    const last = method.getStatements().at(-1)
    if (last) {
      file.insertText(last.getEnd(), `\n${indentation}  ${statement}`)
    } else {
      file.replaceText(
        [body.getStart(), body.getEnd()],
        `{\n${indentation}  ${statement}\n${indentation}}`
      )
    }
  }

  for (const [name, specifier] of [
    [binding.token, binding.tokenImport],
    [binding.implementation, binding.implementationImport],
  ]) {
    const imported = file
      .getImportDeclarations()
      .some((declaration) =>
        declaration.getNamedImports().some((named) => named.getName() === name)
      )
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
