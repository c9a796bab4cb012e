import type { Node as TsNode } from 'ts-morph'

/*
 * Takes out of a module's registration class what a remove-* command deletes: the imports of
 * the deleted files, the statements that use what they imported (a repository's
 * `container.singleton(…)`) and the entries of lists that name it (`publishes = [ … ]`). A
 * syntax-tree edit (ts-morph, loaded on demand); a file that uses none of them is returned as
 * it was, so running it twice changes nothing the second time.
 */

export interface Unregistered {
  source: string
  /** Imported names still used somewhere the edit does not know how to take them out of. */
  leftover: string[]
}

/** Removes the imports whose specifier `removed` accepts, and what uses the names they bring. */
export async function unregisterImports(
  source: string,
  fileName: string,
  removed: (specifier: string) => boolean
): Promise<Unregistered> {
  const { Node, Project, SyntaxKind } = await import('ts-morph')
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile(fileName, source)
  const names = new Set<string>()
  for (const declaration of file.getImportDeclarations()) {
    if (!removed(declaration.getModuleSpecifierValue())) continue
    const defaultImport = declaration.getDefaultImport()
    if (defaultImport) names.add(defaultImport.getText())
    const namespace = declaration.getNamespaceImport()
    if (namespace) names.add(namespace.getText())
    for (const named of declaration.getNamedImports()) {
      names.add(named.getAliasNode()?.getText() ?? named.getName())
    }
    declaration.remove()
  }
  if (names.size === 0) return { source, leftover: [] }

  const uses = () =>
    file
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .filter((identifier) => names.has(identifier.getText()))
  const leftover = new Set<string>()
  for (let use = uses()[0]; use !== undefined; use = uses()[0]) {
    const owner = removableOwner(use, Node)
    if (!owner) {
      leftover.add(use.getText())
      // Renamed in the tree only, so the loop moves on; the source returned keeps the use.
      names.delete(use.getText())
      continue
    }
    owner.remove()
  }
  return { source: leftover.size > 0 ? source : file.getFullText(), leftover: [...leftover] }
}

/** The statement or list entry that holds a use of a removed name, if the edit can drop it. */
function removableOwner(
  use: TsNode,
  Node: typeof import('ts-morph').Node
): { remove(): void } | undefined {
  for (let node: TsNode | undefined = use; node; node = node.getParent()) {
    const parent = node.getParent()
    const element = node
    if (Node.isArrayLiteralExpression(parent) && Node.isExpression(element)) {
      return { remove: () => parent.removeElement(element) }
    }
    if (Node.isExpressionStatement(node)) return node
    if (Node.isClassDeclaration(node) || Node.isSourceFile(node)) return undefined
  }
  return undefined
}
