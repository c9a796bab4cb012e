import type { FactsParser } from './module_facts.js'
import { descendants, isNode, loadTypeScriptParser, nameOf, type TreeNode } from './syntax_tree.js'

/** What adding a repository binding needs to know of a module's registration class. */
export interface RegistrationSource {
  /** Its registerServices() method, when it has one. */
  method?: {
    /** Where the declaration starts (its modifiers included), for its indentation. */
    start: number
    /** Its body, braces included. */
    body: { start: number; end: number }
    /** Where its last statement ends; undefined when the body is empty. */
    lastStatementEnd?: number
    /** The tokens it binds with `….container.singleton(Token, …)`, as written. */
    boundTokens: string[]
  }
  /** The names the file imports with `import { Name }`. */
  importedNames: string[]
  /** Where its last import declaration ends. */
  lastImportEnd?: number
}

/**
 * Reads a registration class with the TypeScript parser that prettier brings (a scaffolding
 * command has it loaded to format what it writes), and with ts-morph in an app without
 * prettier: ts-morph loads the whole TypeScript compiler, about a quarter of a second. A file
 * the parser refuses (a syntax error) is read with ts-morph too, which reads what it can, as
 * the module's facts are (syntax_tree_facts.ts).
 */
export async function readRegistrationSource(
  source: string,
  fileName: string,
  options: { parser?: FactsParser } = {}
): Promise<RegistrationSource> {
  const parse =
    options.parser === 'ts-morph' ? undefined : await loadTypeScriptParser(options.parser)
  if (!parse) return fromTsMorph(source, fileName)
  let program: TreeNode
  try {
    program = parse(source)
  } catch {
    return fromTsMorph(source, fileName)
  }
  return fromSyntaxTree(source, program)
}

function fromSyntaxTree(source: string, program: TreeNode): RegistrationSource {
  const statements = program.body as TreeNode[]
  const imports = statements.filter((statement) => statement.type === 'ImportDeclaration')
  const classes = statements
    .map((statement) => (isNode(statement.declaration) ? statement.declaration : statement))
    .filter((statement) => statement.type === 'ClassDeclaration')
  const method = classes
    .flatMap((declaration) => (declaration.body as TreeNode).body as TreeNode[])
    .find(
      (member) =>
        member.type === 'MethodDefinition' &&
        !member.computed &&
        nameOf(member.key) === 'registerServices'
    )
  const body = method && ((method.value as TreeNode).body as TreeNode | null)
  return {
    method: body
      ? {
          start: method.range[0],
          body: { start: body.range[0], end: body.range[1] },
          lastStatementEnd: (body.body as TreeNode[]).at(-1)?.range[1],
          boundTokens: [...descendants(body)].flatMap((node) => {
            if (node.type !== 'CallExpression' || nameOf(node.callee) !== 'singleton') return []
            const container = (node.callee as TreeNode).object
            const [token] = node.arguments as TreeNode[]
            if (nameOf(container) !== 'container' || !token) return []
            return [source.slice(token.range[0], token.range[1])]
          }),
        }
      : undefined,
    importedNames: imports.flatMap((declaration) =>
      (declaration.specifiers as TreeNode[])
        .filter((specifier) => specifier.type === 'ImportSpecifier')
        .map((specifier) => nameOf(specifier.imported)!)
    ),
    lastImportEnd: imports.at(-1)?.range[1],
  }
}

async function fromTsMorph(source: string, fileName: string): Promise<RegistrationSource> {
  const { Node, Project, SyntaxKind } = await import('ts-morph')
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile(fileName, source)
  const method = file
    .getClasses()
    .flatMap((declaration) => declaration.getMethods())
    .find((candidate) => candidate.getName() === 'registerServices')
  const body = method?.getBody()
  const imports = file.getImportDeclarations()
  return {
    method:
      method && body
        ? {
            start: method.getStart(),
            body: { start: body.getStart(), end: body.getEnd() },
            lastStatementEnd: method.getStatements().at(-1)?.getEnd(),
            boundTokens: method.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((call) => {
              const callee = call.getExpression()
              if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'singleton') {
                return []
              }
              const container = callee.getExpression()
              const onContainer = Node.isPropertyAccessExpression(container)
                ? container.getName() === 'container'
                : container.getText() === 'container'
              const token = call.getArguments()[0]
              return onContainer && token ? [token.getText()] : []
            }),
          }
        : undefined,
    importedNames: imports.flatMap((declaration) =>
      declaration.getNamedImports().map((named) => named.getName())
    ),
    lastImportEnd: imports.at(-1)?.getEnd(),
  }
}
