import type { ValidatorField } from './validator_schema.js'
import { descendants, isNode, nameOf, textOf, type TreeNode } from './syntax_tree.js'

/** How deep a schema may be held in constants, spreads and `vine.object(…)` before it is not read. */
const MAX_DEPTH = 4

/**
 * The fields of a command's validator, read from the ESTree syntax tree as validator_schema.ts
 * reads them from ts-morph's: the entries of the object its `vine.create(…)` takes, written
 * inline, as `vine.object({ … })`, or as a constant of the same file (spread constants and
 * shorthand entries included). Used by SyntaxTreeFacts.validatorFields.
 */
export class SyntaxTreeValidatorSchema {
  constructor(
    private readonly source: string,
    /** The file's top-level variable declarators by name. */
    private readonly variables: ReadonlyMap<string, TreeNode>
  ) {}

  /** Undefined when the file has no `vine.create(…)` or its schema cannot be read here. */
  fields(program: TreeNode): ValidatorField[] | undefined {
    for (const node of descendants(program)) {
      if (node.type !== 'CallExpression' || !this.#isVineCall(node, 'create')) continue
      const schema = this.#objectLiteral((node.arguments as TreeNode[])[0])
      return schema ? this.#fields(schema, 0) : undefined
    }
    return undefined
  }

  /** `vine.<name>(…)` */
  #isVineCall(call: TreeNode, name: string): boolean {
    const callee = call.callee as TreeNode
    return (
      callee.type === 'MemberExpression' &&
      !callee.computed &&
      nameOf(callee.property) === name &&
      textOf(this.source, callee.object as TreeNode) === 'vine'
    )
  }

  /** The initializer of a top-level constant of the file. */
  #initializer(name: string): TreeNode | undefined {
    const init = this.variables.get(name)?.init
    return isNode(init) ? init : undefined
  }

  /** The object literal a schema argument stands for: inline, `vine.object(…)` or a constant. */
  #objectLiteral(node: TreeNode | undefined, depth = 0): TreeNode | undefined {
    if (!node || depth > MAX_DEPTH) return undefined
    switch (node.type) {
      case 'ObjectExpression':
        return node
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
        return this.#objectLiteral(node.expression as TreeNode, depth + 1)
      case 'CallExpression':
        return this.#isVineCall(node, 'object')
          ? this.#objectLiteral((node.arguments as TreeNode[])[0], depth + 1)
          : undefined
      case 'Identifier':
        return this.#objectLiteral(this.#initializer(node.name as string), depth + 1)
      default:
        return undefined
    }
  }

  #fields(schema: TreeNode, depth: number): ValidatorField[] | undefined {
    const fields: ValidatorField[] = []
    for (const property of schema.properties as TreeNode[]) {
      if (property.type === 'SpreadElement') {
        const spread = this.#objectLiteral(property.argument as TreeNode)
        const inner = spread && depth < MAX_DEPTH ? this.#fields(spread, depth + 1) : undefined
        if (!inner) return undefined
        fields.push(...inner)
        continue
      }
      if (property.type !== 'Property' || property.kind !== 'init' || property.method) {
        return undefined
      }
      if (property.computed) return undefined
      const key = property.key as TreeNode
      if (property.shorthand) {
        const initializer = this.#initializer(key.name as string)
        if (!initializer) return undefined
        fields.push(this.#field(key.name as string, initializer))
        continue
      }
      const name =
        key.type === 'Literal' && typeof key.value === 'string'
          ? key.value
          : (nameOf(key) ?? textOf(this.source, key))
      fields.push(this.#field(name, property.value as TreeNode))
    }
    return fields
  }

  #field(name: string, rule: TreeNode): ValidatorField {
    const chain = this.#chain(rule)
    return {
      name,
      rule: textOf(this.source, rule),
      optional: chain.includes('optional'),
      nullable: chain.includes('nullable'),
    }
  }

  /**
   * The methods called along a rule's own chain, outermost first: `vine.string().trim()
   * .optional()` → optional, trim, string. Arguments (a nested `vine.object({ … })`) are not
   * part of the chain. A rule held in a constant of the file is followed.
   */
  #chain(node: TreeNode, depth = 0): string[] {
    const names: string[] = []
    let current: TreeNode | undefined = node
    while (current) {
      if (current.type === 'CallExpression') {
        current = current.callee as TreeNode
      } else if (current.type === 'MemberExpression' && !current.computed) {
        names.push(nameOf(current.property)!)
        current = current.object as TreeNode
      } else if (current.type === 'TSNonNullExpression' || current.type === 'ChainExpression') {
        current = current.expression as TreeNode
      } else if (current.type === 'Identifier' && depth < MAX_DEPTH) {
        const initializer = this.#initializer(current.name as string)
        return initializer ? [...names, ...this.#chain(initializer, depth + 1)] : names
      } else {
        current = undefined
      }
    }
    return names
  }
}
