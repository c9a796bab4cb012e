import type { TreeNode } from './syntax_tree.js'
import { characterOffsets, regularExpression, unescapeString } from './literal_text.js'
import {
  accessibility,
  classDeclaration,
  exportNamed,
  functionAfter,
  functionDeclaration,
} from './swc_estree_declarations.js'

/** A node of swc's tree, as its parseSync gives it. */
export type SwcNode = { type: string; span?: { start: number; end: number } } & Record<
  string,
  unknown
>

const LOGICAL = new Set(['&&', '||', '??'])

/**
 * Rewrites one parsed text's swc nodes into the ESTree nodes typescript-estree gives for it
 * (see swc_syntax_tree.ts): swc's names (`value`, `stmts`, `KeyValueProperty`) become ESTree's,
 * its wrappers (`{ spread, expression }`, parentheses, each link of an optional chain) are
 * unwrapped, and its positions, UTF-8 bytes counted from 1, become character ranges.
 */
export class EstreeBuilder {
  readonly source: string
  readonly #character: (byte: number) => number

  constructor(source: string) {
    this.source = source
    this.#character = characterOffsets(source)
  }

  program(module: SwcNode): TreeNode {
    const body = this.list(module.body)
    return { type: 'Program', range: [0, this.source.length], body, sourceType: 'module' }
  }

  node(value: unknown): TreeNode | null {
    if (!isSwcNode(value)) return null
    return this.convert(value)
  }

  /** The nodes of a list; swc's `{ spread, expression }` argument wrappers become ESTree's. */
  list(value: unknown): Array<TreeNode | null> {
    if (!Array.isArray(value)) return []
    return value.map((item) => {
      if (isSwcNode(item)) return this.convert(item)
      if (item && typeof item === 'object' && 'expression' in item) return this.#argument(item)
      return null
    })
  }

  #argument(item: { spread?: unknown; expression?: unknown }): TreeNode | null {
    if (!isSwcNode(item.expression)) return null
    if (!isSpan(item.spread)) return this.convert(item.expression)
    return this.#spreadOf(item.spread, item.expression)
  }

  /** `...argument`; its range ends where the argument's text does, parentheses included. */
  #spreadOf(spread: unknown, raw: SwcNode): TreeNode {
    const argument = this.convert(raw)
    const start = isSpan(spread) ? this.#character(spread.start - 1) : argument.range[0]
    const end = raw.span ? this.range(raw)[1] : argument.range[1]
    return { type: 'SpreadElement', range: [start, end], argument }
  }

  range(node: SwcNode): [number, number] {
    const span = node.span!
    return [this.#character(span.start - 1), this.#character(span.end - 1)]
  }

  make(node: SwcNode, type: string, fields: Record<string, unknown>): TreeNode {
    return { type, range: this.range(node), ...fields }
  }

  convert(node: SwcNode): TreeNode {
    switch (node.type) {
      case 'Identifier':
      case 'BindingIdentifier': {
        const typeAnnotation = this.node(node.typeAnnotation) ?? undefined
        const identifier = this.make(node, 'Identifier', {
          name: node.value,
          optional: node.optional === true,
          typeAnnotation,
        })
        // A binding's range takes in its type annotation, as typescript-estree's does.
        if (typeAnnotation) identifier.range = [identifier.range[0], typeAnnotation.range[1]]
        return identifier
      }
      case 'PrivateName':
        return this.make(node, 'PrivateIdentifier', {
          name: isSwcNode(node.id) ? node.id.value : node.value,
        })
      case 'StringLiteral': {
        // swc writes some characters of the value as escapes (`\u0080`): read from the text.
        const raw = this.text(node)
        const value = raw.includes('\\') ? unescapeString(raw.slice(1, -1)) : node.value
        return this.make(node, 'Literal', { value, raw })
      }
      case 'NumericLiteral':
      case 'BooleanLiteral':
        return this.make(node, 'Literal', { value: node.value, raw: this.text(node) })
      case 'BigIntLiteral': {
        const digits = this.text(node).slice(0, -1).replaceAll('_', '')
        return this.make(node, 'Literal', {
          value: BigInt(digits),
          raw: this.text(node),
          bigint: digits,
        })
      }
      case 'NullLiteral':
        return this.make(node, 'Literal', { value: null, raw: 'null' })
      case 'RegExpLiteral':
        return this.make(node, 'Literal', {
          value: regularExpression(node.pattern as string, node.flags as string),
          raw: this.text(node),
          regex: { pattern: node.pattern, flags: node.flags },
        })
      case 'BinaryExpression':
        return this.make(
          node,
          LOGICAL.has(node.operator as string) ? 'LogicalExpression' : node.type,
          {
            operator: node.operator,
            left: this.node(node.left),
            right: this.node(node.right),
          }
        )
      case 'TemplateLiteral':
      case 'Tpl': {
        const quasis = (node.quasis as SwcNode[]).map((quasi) => {
          const raw = quasi.raw as string
          // An escape a template cannot cook (in a tagged one) leaves the text as written, as
          // typescript-estree gives it.
          const cooked = raw.includes('\\')
            ? (unescapeString(raw, { template: true }) ?? raw)
            : (quasi.cooked ?? null)
          return this.make(quasi, 'TemplateElement', { value: { raw, cooked }, tail: quasi.tail })
        })
        // A template literal type (`${number}.${number}`) holds types where a value holds expressions.
        return node.types
          ? this.make(node, 'TSTemplateLiteralType', { quasis, types: this.list(node.types) })
          : this.make(node, 'TemplateLiteral', {
              quasis,
              expressions: this.list(node.expressions),
            })
      }
      case 'TsLiteralType':
        // ESTree does not wrap a template literal type in a literal type.
        return isSwcNode(node.literal) && node.literal.type.startsWith('T')
          ? this.convert(node.literal)
          : this.#generic(node)
      case 'ParenthesisExpression':
      case 'TsParenthesizedType':
        // ESTree keeps no parentheses: the node inside stands in their place.
        return this.node(node.expression ?? node.typeAnnotation)!
      case 'OptionalChainingExpression':
        // ESTree wraps a whole chain (`a?.b.c()`) once; swc wraps each of its links.
        return this.make(node, 'ChainExpression', { expression: this.#chainLink(node) })
      case 'MemberExpression':
      case 'SuperPropExpression':
        return this.#member(node, false)
      case 'CallExpression':
      case 'NewExpression':
        return this.#call(node, false)
      case 'MetaProperty': {
        // `import.meta`, `new.target`: two identifiers around the dot.
        const [start, end] = this.range(node)
        const [meta, property] = this.text(node).split('.')
        const identifier = (name: string, from: number): TreeNode =>
          ({ type: 'Identifier', range: [from, from + name.length], name }) as TreeNode
        return this.make(node, 'MetaProperty', {
          meta: identifier(meta, start),
          property: identifier(property, end - property.length),
        })
      }
      case 'ObjectPattern':
        return this.make(node, 'ObjectPattern', {
          properties: (node.properties as SwcNode[]).map((property) =>
            this.#patternProperty(property)
          ),
          typeAnnotation: this.node(node.typeAnnotation) ?? undefined,
        })
      case 'ObjectExpression':
        return this.make(node, 'ObjectExpression', {
          properties: (node.properties as SwcNode[]).map((property) => this.#property(property)),
        })
      case 'ArrayExpression':
        return this.make(node, 'ArrayExpression', { elements: this.list(node.elements) })
      case 'SpreadElement':
        return this.#spread(node)
      case 'TsConstAssertion': {
        const range = this.range(node)
        const keyword: TreeNode = { type: 'Identifier', range: [range[1] - 5, range[1]] }
        keyword.name = 'const'
        return this.make(node, 'TSAsExpression', {
          expression: this.node(node.expression),
          typeAnnotation: { type: 'TSTypeReference', range: keyword.range, typeName: keyword },
        })
      }
      case 'ClassDeclaration':
      case 'ClassExpression':
        return classDeclaration(this, node, 'ClassDeclaration')
      case 'FunctionDeclaration':
      case 'FunctionExpression':
        return functionDeclaration(this, node, node.type)
      case 'ArrowFunctionExpression':
        return this.make(node, 'ArrowFunctionExpression', {
          typeParameters: this.node(node.typeParameters) ?? undefined,
          params: this.list(node.params),
          returnType: this.node(node.returnType) ?? undefined,
          body: this.node(node.body),
          async: node.async === true,
        })
      case 'Parameter': {
        // ESTree has no parameter node: the pattern, with the parameter's decorators.
        const decorators = this.list(node.decorators)
        const pattern = this.node(node.pat)!
        return decorators.length > 0 ? { ...pattern, decorators } : pattern
      }
      case 'TsParameterProperty':
        return this.make(node, 'TSParameterProperty', {
          accessibility: accessibility(node.accessibility),
          readonly: node.readonly,
          parameter: this.node(node.param),
          decorators: this.list(node.decorators),
        })
      case 'BlockStatement':
        return this.make(node, 'BlockStatement', { body: this.list(node.stmts) })
      case 'ExportDeclaration':
        return this.make(node, 'ExportNamedDeclaration', {
          declaration: this.node(node.declaration),
          specifiers: [],
          source: null,
        })
      case 'ExportNamedDeclaration':
        return exportNamed(this, node)
      case 'ExportDefaultDeclaration': {
        const declaration = this.node(node.decl)!
        if (declaration.type === 'FunctionExpression') declaration.type = 'FunctionDeclaration'
        return this.make(node, 'ExportDefaultDeclaration', { declaration })
      }
      case 'ExportDefaultExpression':
        return this.make(node, 'ExportDefaultDeclaration', {
          declaration: this.node(node.expression),
        })
      case 'ImportDeclaration':
        return this.make(node, 'ImportDeclaration', {
          source: this.node(node.source),
          specifiers: (node.specifiers as SwcNode[]).map((specifier) =>
            this.make(specifier, specifier.type, {
              local: this.node(specifier.local),
              ...(specifier.type === 'ImportSpecifier'
                ? { imported: this.node(specifier.imported ?? specifier.local) }
                : {}),
            })
          ),
          importKind: node.typeOnly ? 'type' : 'value',
        })
      default:
        return this.#generic(node)
    }
  }

  /** Any other node: its fields as swc names them, `Ts…` types as `TS…`, ranges in characters. */
  #generic(node: SwcNode): TreeNode {
    const fields: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'span' || key === 'ctxt') continue
      if (isSwcNode(value)) fields[key] = this.convert(value)
      else if (Array.isArray(value)) fields[key] = this.list(value)
      else fields[key] = value
    }
    const type = node.type.startsWith('Ts') ? `TS${node.type.slice(2)}` : node.type
    return { type, range: node.span ? this.range(node) : spanOfChildren(fields), ...fields }
  }

  /** A member access; `inChain` when it is a link of an optional chain, as its object may be. */
  #member(node: SwcNode, inChain: boolean): TreeNode {
    const property = node.property as SwcNode
    const computed = property.type === 'Computed'
    const object = (node.object ?? node.obj) as SwcNode
    return this.make(node, 'MemberExpression', {
      object: inChain ? this.#chainLink(object) : this.node(object),
      property: this.node(computed ? property.expression : property),
      computed,
      optional: false,
    })
  }

  #call(node: SwcNode, inChain: boolean): TreeNode {
    const callee = node.callee as SwcNode
    if (callee.type === 'Import') {
      const [source, options] = this.list(node.arguments)
      return this.make(node, 'ImportExpression', { source, options: options ?? null })
    }
    return this.make(node, node.type === 'NewExpression' ? 'NewExpression' : 'CallExpression', {
      callee: inChain ? this.#chainLink(callee) : this.node(callee),
      arguments: this.list(node.arguments),
      typeArguments: this.node(node.typeArguments) ?? undefined,
      optional: false,
    })
  }

  /** One link of an optional chain: `a?.b` is the member access `a.b`, marked optional. */
  #chainLink(node: SwcNode): TreeNode {
    if (node.type !== 'OptionalChainingExpression') return this.convert(node)
    const base = node.base as SwcNode
    const link =
      base.type === 'MemberExpression'
        ? this.#member(base, true)
        : base.type === 'CallExpression' || base.type === 'OptionalCallExpression'
          ? this.#call(base, true)
          : this.convert(base)
    return { ...link, optional: node.optional === true }
  }

  /** An entry of an object pattern: `{ a }`, `{ a = 1 }`, `{ a: b }`, `{ ...rest }`. */
  #patternProperty(node: SwcNode): TreeNode {
    if (node.type === 'RestElement') return this.convert(node)
    const rawKey = node.key as SwcNode
    const computed = rawKey.type === 'Computed'
    const key = this.node(computed ? rawKey.expression : rawKey)!
    const shorthand = node.type === 'AssignmentPatternProperty'
    const initial = shorthand ? this.node(node.value) : null
    const value = shorthand
      ? initial
        ? this.make(node, 'AssignmentPattern', { left: key, right: initial })
        : key
      : this.node(node.value)!
    return {
      type: 'Property',
      range: node.span
        ? this.range(node)
        : [computed ? this.range(rawKey)[0] : key.range[0], value.range[1]],
      key,
      value,
      kind: 'init',
      method: false,
      shorthand,
      computed,
    }
  }

  #spread(node: SwcNode): TreeNode {
    return this.#spreadOf(node.spread, node.arguments as SwcNode)
  }

  /** An object literal's entry: ESTree's Property (swc has one node per kind) or a spread. */
  #property(node: SwcNode): TreeNode {
    if (node.type === 'SpreadElement') return this.#spread(node)
    if (node.type === 'Identifier') {
      const key = this.convert(node)
      return {
        type: 'Property',
        range: key.range,
        key,
        value: key,
        kind: 'init',
        method: false,
        shorthand: true,
        computed: false,
      }
    }
    const rawKey = node.key as SwcNode
    const computed = rawKey.type === 'Computed'
    const key = this.node(computed ? rawKey.expression : rawKey)!
    const kinds: Record<string, string> = { GetterProperty: 'get', SetterProperty: 'set' }
    const keyEnd = this.range(rawKey)[1]
    const value =
      node.type === 'KeyValueProperty' || node.type === 'AssignmentProperty'
        ? this.node(node.value)!
        : functionAfter(this, node, keyEnd)
    const rawValue = node.value as SwcNode | undefined
    const rawEnd = rawValue?.span ? this.range(rawValue)[1] : value.range[1]
    // swc gives a method or accessor entry a position (from `async`, `get`), not a `key: value`.
    const start = node.span ? this.range(node)[0] : computed ? this.range(rawKey)[0] : key.range[0]
    return {
      type: 'Property',
      // Parentheses around a value are the entry's, not the value's (ESTree keeps none).
      range: [start, Math.max(rawEnd, keyEnd)],
      key,
      value,
      kind: kinds[node.type] ?? 'init',
      method: node.type === 'MethodProperty',
      shorthand: false,
      computed,
    }
  }

  text(node: SwcNode): string {
    const [start, end] = this.range(node)
    return this.source.slice(start, end)
  }
}

function isSwcNode(value: unknown): value is SwcNode {
  return typeof value === 'object' && value !== null && typeof (value as SwcNode).type === 'string'
}

function isSpan(value: unknown): value is { start: number; end: number } {
  return typeof value === 'object' && value !== null && typeof (value as any).start === 'number'
}

/** The range a node without a position of its own covers: from its first child to its last. */
function spanOfChildren(fields: Record<string, unknown>): [number, number] {
  let start = Infinity
  let end = -Infinity
  for (const value of Object.values(fields)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      const range = (child as TreeNode | null)?.range
      if (!Array.isArray(range)) continue
      start = Math.min(start, range[0])
      end = Math.max(end, range[1])
    }
  }
  return start === Infinity ? [0, 0] : [start, end]
}
