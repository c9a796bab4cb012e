import type { ClassPropertyFacts } from './module_inventory_reader.js'
import { memberName, members } from './source_tree.js'
import { isNode, nameOf, type TreeNode } from './syntax_tree.js'

/** Properties as ts-morph lists them: fields, `accessor` fields and abstract ones. */
const PROPERTY_TYPES = new Set([
  'PropertyDefinition',
  'AccessorProperty',
  'TSAbstractPropertyDefinition',
  'TSAbstractAccessorProperty',
])

/**
 * The public properties of an entity class written by hand, from its ESTree syntax tree, as the
 * ts-morph inventory reader gives them: its constructor's parameter properties, then its
 * fields, each with its type as written (`string | null` read as an optional `string`).
 */
export function entityClassProperties(source: string, declaration: TreeNode): ClassPropertyFacts[] {
  const properties: ClassPropertyFacts[] = []
  const add = (name: string, annotation: unknown, questionMark: boolean) => {
    const parts = isNode(annotation) ? writtenTypeParts(source, annotation) : ['unknown']
    const present = parts.filter((part) => part !== 'null' && part !== 'undefined')
    properties.push({
      name,
      type: present.join(' | '),
      optional: questionMark || present.length < parts.length,
    })
  }
  const isPublic = (node: TreeNode) =>
    node.accessibility === undefined || node.accessibility === 'public'
  const constructor = members(declaration).find(
    (member) =>
      member.type === 'MethodDefinition' &&
      member.kind === 'constructor' &&
      (member.value as TreeNode).type !== 'TSEmptyBodyFunctionExpression'
  )
  for (const parameter of constructor
    ? ((constructor.value as TreeNode).params as TreeNode[])
    : []) {
    if (parameter.type !== 'TSParameterProperty' || !isPublic(parameter)) continue
    const inner = parameter.parameter as TreeNode
    const identifier = inner.type === 'AssignmentPattern' ? (inner.left as TreeNode) : inner
    const name = nameOf(identifier)
    if (name) add(name, identifier.typeAnnotation, identifier.optional === true)
  }
  for (const member of members(declaration)) {
    if (!PROPERTY_TYPES.has(member.type) || member.static || !isPublic(member)) continue
    const name = memberName(source, member)
    if (!name.startsWith('#')) add(name, member.typeAnnotation, member.optional === true)
  }
  return properties
}

/**
 * A type annotation's type as written, split into the members of a union. ESTree drops the
 * parentheses around a type, where ts-morph keeps them: `(string | null)` is one type to it, not
 * a union, and `(() => void) | null` has the member `(() => void)`. So each type's text is taken
 * with the parentheses around it, within the annotation.
 */
function writtenTypeParts(source: string, annotation: TreeNode): string[] {
  const type = annotation.typeAnnotation as TreeNode
  const [start, end] = withParentheses(source, type, annotation.range)
  if (type.type !== 'TSUnionType' || start !== type.range[0]) return [source.slice(start, end)]
  return (type.types as TreeNode[]).map((member) => {
    const [from, to] = withParentheses(source, member, type.range)
    return source.slice(from, to)
  })
}

/** The node's range, widened over the parentheses that enclose it inside `within`. */
function withParentheses(
  source: string,
  node: TreeNode,
  within: [number, number]
): [number, number] {
  let [start, end] = node.range
  for (;;) {
    let before = start - 1
    while (before >= within[0] && /\s/.test(source[before])) before -= 1
    let after = end
    while (after < within[1] && /\s/.test(source[after])) after += 1
    if (before < within[0] || after >= within[1]) return [start, end]
    if (source[before] !== '(' || source[after] !== ')') return [start, end]
    start = before
    end = after + 1
  }
}
