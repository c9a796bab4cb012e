import { ScaffoldError } from './scaffold_error.js'

/*
 * Edits a module's registration class (`<module>_module.ts`): its `readonly publishes = [ … ]`,
 * from which its AsyncAPI document is built. A syntax-tree edit (ts-morph, loaded on demand)
 * that checks first, so running a command twice never lists a contract twice.
 */

/** Adds the contract `name`, imported from `from`, to the class's publishes (made if absent). */
export async function addPublishedContract(
  source: string,
  fileName: string,
  contract: { name: string; from: string }
): Promise<string> {
  const { Project, QuoteKind, SyntaxKind } = await import('ts-morph')
  const file = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single },
  }).createSourceFile(fileName, source)
  const registration = file
    .getClasses()
    .find((candidate) => candidate.getExtends()?.getExpression().getText() === 'PantheonModule')
  if (!registration) {
    throw new ScaffoldError(
      `${fileName} has no class extending PantheonModule`,
      `Add ${contract.name} to its module's "readonly publishes = [...]" by hand`
    )
  }
  const property = registration.getProperty('publishes')
  const list = property?.getInitializerIfKind(SyntaxKind.ArrayLiteralExpression)
  if (property && !list) {
    throw new ScaffoldError(
      `${fileName}: publishes is not a [ … ] list`,
      `Add ${contract.name} to it by hand`
    )
  }
  if (list?.getElements().some((element) => element.getText() === contract.name)) {
    return source
  }
  if (list) list.addElement(contract.name)
  else {
    // After the index, where the generated class keeps what its module declares.
    const index = registration.getProperty('index')
    registration.insertProperty(index ? index.getChildIndex() + 1 : 0, {
      name: 'publishes',
      isReadonly: true,
      initializer: `[${contract.name}]`,
      docs: ['Its AsyncAPI document (/asyncapi/<module>.json, docs/asyncapi/) lists these.'],
    })
  }
  const imported = file
    .getImportDeclarations()
    .some((declaration) =>
      declaration.getNamedImports().some((named) => named.getName() === contract.name)
    )
  if (!imported) {
    const imports = file.getImportDeclarations()
    file.insertImportDeclaration(imports.length, {
      namedImports: [contract.name],
      moduleSpecifier: contract.from,
    })
  }
  return file.getFullText()
}
