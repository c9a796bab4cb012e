import type { TreeNode } from './syntax_tree.js'
import type { EstreeBuilder, SwcNode } from './swc_estree_builder.js'

/*
 * The declarations of swc's tree as typescript-estree gives them (see swc_estree_builder.ts):
 * classes and their members, functions, and `export { … }` lists.
 */

const ACCESSIBILITY = ['public', 'private', 'protected']
const METHOD_KINDS: Record<string, string> = { method: 'method', getter: 'get', setter: 'set' }

/** A class, declared or an expression (`export default class {}` is a ClassDeclaration in ESTree). */
export function classDeclaration(tree: EstreeBuilder, node: SwcNode, type: string): TreeNode {
  const id = tree.node(node.identifier)
  const superClass = tree.node(node.superClass)
  const superTypeArguments = tree.node(node.superTypeParams)
  const decorators = tree.list(node.decorators)
  const typeParameters = tree.node(node.typeParams)
  const implementing = tree.list(node.implements)
  const header = [
    ...decorators,
    id,
    typeParameters,
    superClass,
    superTypeArguments,
    ...implementing,
  ]
  const headerEnd = Math.max(tree.range(node)[0], ...header.map((part) => part?.range[1] ?? 0))
  const open = tree.source.indexOf('{', headerEnd)
  const end = tree.range(node)[1]
  const members = (node.body as SwcNode[]).map((member) => classMember(tree, member))
  return tree.make(node, type, {
    id,
    superClass,
    superTypeArguments: superTypeArguments ?? undefined,
    typeParameters: typeParameters ?? undefined,
    implements: implementing,
    body: { type: 'ClassBody', range: [open < 0 ? headerEnd : open, end], body: members },
    abstract: node.isAbstract === true,
    declare: node.declare === true,
    decorators,
  })
}

/** A class member, named as typescript-estree names it. */
function classMember(tree: EstreeBuilder, node: SwcNode): TreeNode {
  const rawKey = node.key as SwcNode | undefined
  const computed = rawKey?.type === 'Computed'
  const key = rawKey ? tree.node(computed ? rawKey.expression : rawKey) : null
  const common = {
    key,
    computed,
    static: node.isStatic === true,
    accessibility: accessibility(node.accessibility),
    optional: node.isOptional === true,
    // swc keeps a method's decorators on its function.
    decorators: tree.list(node.decorators ?? (node.function as SwcNode | undefined)?.decorators),
  }
  switch (node.type) {
    case 'ClassProperty':
    case 'PrivateProperty':
    case 'AutoAccessor': {
      const accessor = node.type === 'AutoAccessor'
      const kind = accessor ? 'AccessorProperty' : 'PropertyDefinition'
      return tree.make(node, node.isAbstract ? `TSAbstract${kind}` : kind, {
        ...common,
        value: tree.node(node.value),
        typeAnnotation: tree.node(node.typeAnnotation) ?? undefined,
        readonly: node.readonly === true,
        declare: node.declare === true,
      })
    }
    case 'ClassMethod':
    case 'PrivateMethod':
    case 'Constructor': {
      const fn = (node.type === 'Constructor' ? node : node.function) as SwcNode
      const keyEnd = rawKey?.span ? tree.range(rawKey)[1] : tree.range(node)[0]
      const value = functionAfter(tree, { ...fn, span: fn.span ?? node.span } as SwcNode, keyEnd)
      const kind = node.type === 'Constructor' ? 'constructor' : METHOD_KINDS[node.kind as string]
      return tree.make(node, node.isAbstract ? 'TSAbstractMethodDefinition' : 'MethodDefinition', {
        ...common,
        kind,
        value,
      })
    }
    default:
      return tree.convert(node)
  }
}

/**
 * The function of a method (of a class or an object literal, an accessor's too): its range
 * starts at its type parameters or its `(`, after the name, as typescript-estree's does.
 */
export function functionAfter(tree: EstreeBuilder, fn: SwcNode, keyEnd: number): TreeNode {
  const typeParameters = tree.node(fn.typeParameters)
  const param = fn.param ? [fn.param] : []
  return {
    type: fn.body ? 'FunctionExpression' : 'TSEmptyBodyFunctionExpression',
    range: [typeParameters?.range[0] ?? tree.source.indexOf('(', keyEnd), tree.range(fn)[1]],
    typeParameters: typeParameters ?? undefined,
    params: tree.list(fn.params ?? param),
    returnType: tree.node(fn.returnType ?? fn.typeAnnotation) ?? undefined,
    body: tree.node(fn.body),
    async: fn.async === true,
    generator: fn.generator === true,
  }
}

/** A function; one without a body (a `declare`d one, an overload's signature) is TSDeclareFunction. */
export function functionDeclaration(tree: EstreeBuilder, node: SwcNode, type: string): TreeNode {
  const fields = {
    id: tree.node(node.identifier),
    typeParameters: tree.node(node.typeParameters) ?? undefined,
    params: tree.list(node.params),
    returnType: tree.node(node.returnType) ?? undefined,
    body: tree.node(node.body),
    async: node.async === true,
    generator: node.generator === true,
    declare: node.declare === true,
  }
  return tree.make(node, node.body ? type : 'TSDeclareFunction', fields)
}

export function exportNamed(tree: EstreeBuilder, node: SwcNode): TreeNode {
  const specifiers = node.specifiers as SwcNode[]
  const source = tree.node(node.source)
  const namespace = specifiers.find((specifier) => specifier.type === 'ExportNamespaceSpecifier')
  if (namespace) {
    // `export * as name from '…'`
    return tree.make(node, 'ExportAllDeclaration', {
      exported: tree.node(namespace.name),
      source,
    })
  }
  return tree.make(node, 'ExportNamedDeclaration', {
    declaration: null,
    source,
    specifiers: specifiers.map((specifier) => {
      const local = tree.node(specifier.orig ?? specifier.exported)
      return tree.make(specifier, 'ExportSpecifier', {
        local,
        exported: tree.node(specifier.exported) ?? local,
      })
    }),
  })
}

/** `public`, `private` or `protected` as written; undefined where none is. */
export function accessibility(value: unknown): string | undefined {
  return ACCESSIBILITY.includes(value as string) ? (value as string) : undefined
}
