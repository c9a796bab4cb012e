import { ScaffoldError } from './scaffold_error.js'

/**
 * The module's registration with these permissions in its `permissions` (added to the array,
 * or the property written after `index` when it has none), by editing the syntax tree
 * (ts-morph). Permissions it declares already are left as they are.
 */
export async function declarePermissions(
  source: string,
  fileName: string,
  permissions: readonly string[]
): Promise<string> {
  const { Node, Project } = await import('ts-morph')
  const project = new Project({ useInMemoryFileSystem: true })
  const file = project.createSourceFile(fileName, source)
  const registration = file.getClasses().find((declaration) => declaration.getProperty('index'))
  if (!registration) {
    throw new ScaffoldError(
      `${fileName} has no registration class (with an index) to declare permissions in`
    )
  }
  const property = registration.getProperty('permissions')
  if (!property) {
    const index = registration.getPropertyOrThrow('index')
    const list = permissions.map((permission) => `'${permission}'`).join(', ')
    index.replaceWithText(`${index.getText()}\n  readonly permissions = [${list}]`)
    return file.getFullText()
  }
  const initializer = property.getInitializer()
  if (!initializer || !Node.isArrayLiteralExpression(initializer)) {
    throw new ScaffoldError(
      `${fileName} declares permissions other than as a list, which cannot be added to`,
      `Add ${permissions.join(', ')} to it by hand`
    )
  }
  const declared = initializer.getElements().map((element) => element.getText().slice(1, -1))
  const missing = permissions.filter((permission) => !declared.includes(permission))
  if (missing.length > 0) initializer.addElements(missing.map((permission) => `'${permission}'`))
  return file.getFullText()
}
