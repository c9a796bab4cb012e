import type { Expression, Node, ObjectLiteralExpression, SourceFile } from 'ts-morph'

type TsMorph = typeof import('ts-morph')

/** One top-level field of a validator's `vine.create({ … })`. */
export interface ValidatorField {
  name: string
  /** The rule as written, e.g. `vine.string().trim().optional()`. */
  rule: string
  /** `.optional()` is in the rule's own chain (not in a nested object's). */
  optional: boolean
  nullable: boolean
}

/**
 * The fields of a command's validator, read from its syntax tree: the entries of the object its
 * `vine.create(…)` takes, written inline, as `vine.object({ … })`, or as a constant of the same
 * file (spread constants and shorthand entries included). Used by ModuleFacts.validatorFields.
 */
export class ValidatorSchema {
  #Node: TsMorph['Node']
  #SyntaxKind: TsMorph['SyntaxKind']

  constructor(tsMorph: TsMorph) {
    this.#Node = tsMorph.Node
    this.#SyntaxKind = tsMorph.SyntaxKind
  }

  /** Undefined when the file has no `vine.create(…)` or its schema cannot be read here. */
  fields(file: SourceFile): ValidatorField[] | undefined {
    const Node = this.#Node
    const create = file.getDescendantsOfKind(this.#SyntaxKind.CallExpression).find((call) => {
      const callee = call.getExpression()
      return (
        Node.isPropertyAccessExpression(callee) &&
        callee.getName() === 'create' &&
        callee.getExpression().getText() === 'vine'
      )
    })
    if (!create) return undefined
    const schema = this.#objectLiteral(create.getArguments()[0], file)
    return schema ? this.#fields(schema, file, 0) : undefined
  }

  /** The object literal a schema argument stands for: inline, `vine.object(…)` or a constant. */
  #objectLiteral(
    node: Node | undefined,
    file: SourceFile,
    depth = 0
  ): ObjectLiteralExpression | undefined {
    const Node = this.#Node
    if (!node || depth > 4) return undefined
    if (Node.isObjectLiteralExpression(node)) return node
    if (
      Node.isParenthesizedExpression(node) ||
      Node.isAsExpression(node) ||
      Node.isSatisfiesExpression(node)
    ) {
      return this.#objectLiteral(node.getExpression(), file, depth + 1)
    }
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression()
      if (
        Node.isPropertyAccessExpression(callee) &&
        callee.getName() === 'object' &&
        callee.getExpression().getText() === 'vine'
      ) {
        return this.#objectLiteral(node.getArguments()[0], file, depth + 1)
      }
      return undefined
    }
    if (Node.isIdentifier(node)) {
      const initializer = file.getVariableDeclaration(node.getText())?.getInitializer()
      return this.#objectLiteral(initializer, file, depth + 1)
    }
    return undefined
  }

  #fields(
    schema: ObjectLiteralExpression,
    file: SourceFile,
    depth: number
  ): ValidatorField[] | undefined {
    const Node = this.#Node
    const fields: ValidatorField[] = []
    for (const property of schema.getProperties()) {
      if (Node.isPropertyAssignment(property)) {
        const nameNode = property.getNameNode()
        if (Node.isComputedPropertyName(nameNode)) return undefined
        const name =
          Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)
            ? nameNode.getLiteralValue()
            : nameNode.getText()
        fields.push(this.#field(name, property.getInitializerOrThrow(), file))
      } else if (Node.isShorthandPropertyAssignment(property)) {
        const initializer = file.getVariableDeclaration(property.getName())?.getInitializer()
        if (!initializer) return undefined
        fields.push(this.#field(property.getName(), initializer, file))
      } else if (Node.isSpreadAssignment(property)) {
        const spread = this.#objectLiteral(property.getExpression(), file)
        const inner = spread && depth < 4 ? this.#fields(spread, file, depth + 1) : undefined
        if (!inner) return undefined
        fields.push(...inner)
      } else {
        return undefined
      }
    }
    return fields
  }

  #field(name: string, rule: Expression, file: SourceFile): ValidatorField {
    const chain = this.#chain(rule, file)
    return {
      name,
      rule: rule.getText(),
      optional: chain.includes('optional'),
      nullable: chain.includes('nullable'),
    }
  }

  /**
   * The methods called along a rule's own chain, outermost first: `vine.string().trim()
   * .optional()` → optional, trim, string. Arguments (a nested `vine.object({ … })`) are not
   * part of the chain. A rule held in a constant of the file is followed.
   */
  #chain(node: Node, file: SourceFile, depth = 0): string[] {
    const Node = this.#Node
    const names: string[] = []
    let current: Node | undefined = node
    while (current) {
      if (Node.isCallExpression(current)) {
        current = current.getExpression()
      } else if (Node.isPropertyAccessExpression(current)) {
        names.push(current.getName())
        current = current.getExpression()
      } else if (Node.isParenthesizedExpression(current) || Node.isNonNullExpression(current)) {
        current = current.getExpression()
      } else if (Node.isIdentifier(current) && depth < 4) {
        const initializer = file.getVariableDeclaration(current.getText())?.getInitializer()
        return initializer ? [...names, ...this.#chain(initializer, file, depth + 1)] : names
      } else {
        current = undefined
      }
    }
    return names
  }
}
