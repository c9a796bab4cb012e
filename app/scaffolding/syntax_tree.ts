import { optionalImport } from './optional_import.js'

/**
 * The ESTree syntax tree of TypeScript sources, from the parser that prettier brings
 * (`prettier/plugins/typescript`, typescript-estree inside). A scaffolding command loads it in
 * about 40 ms where ts-morph loads the whole TypeScript compiler, about a quarter of a second;
 * the readers built on it (registration_source.ts, syntax_tree_facts.ts) fall back to ts-morph
 * in an app without prettier.
 */

/** A node of the tree: its `type`, its place in the text, and its children by name. */
export interface TreeNode {
  type: string
  range: [number, number]
  [property: string]: unknown
}

/** Parses TypeScript source text into its Program node. */
export type ParseTypeScript = (source: string) => TreeNode

interface PrettierTypeScript {
  parsers: { typescript: { parse(text: string, options: object): TreeNode | Promise<TreeNode> } }
}

/** The parser, or undefined when prettier is not installed. */
export async function loadTypeScriptParser(): Promise<ParseTypeScript | undefined> {
  const plugin = await optionalImport<PrettierTypeScript>('prettier/plugins/typescript')
  if (!plugin) return undefined
  return (source) => {
    const program = plugin.parsers.typescript.parse(source, {})
    // typescript-estree parses synchronously; prettier's plugin interface allows a promise.
    if (program instanceof Promise) throw new Error("prettier's TypeScript parser answered later")
    return program
  }
}

export function isNode(value: unknown): value is TreeNode {
  return typeof value === 'object' && value !== null && typeof (value as TreeNode).type === 'string'
}

/** Keys that hold no child: positions, and the program's token and comment lists. */
const NOT_CHILDREN = new Set(['parent', 'loc', 'range', 'tokens', 'comments'])

/** The node's children, in the order they appear in the text. */
function children(node: TreeNode): TreeNode[] {
  const found: TreeNode[] = []
  for (const [key, value] of Object.entries(node)) {
    if (NOT_CHILDREN.has(key)) continue
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) found.push(child)
  }
  return found.sort((a, b) => a.range[0] - b.range[0])
}

/** The node and every node below it, in the order they appear in the text. */
export function* descendants(node: TreeNode): Generator<TreeNode> {
  yield node
  for (const child of children(node)) yield* descendants(child)
}

/** `name` of an identifier or of a member access (`a.name`, `this.#name`), else undefined. */
export function nameOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined
  if (node.type === 'Identifier') return node.name as string
  if (node.type === 'PrivateIdentifier') return `#${node.name as string}`
  if (node.type === 'MemberExpression' && !node.computed) return nameOf(node.property)
  return undefined
}

/** The text a node was parsed from. */
export function textOf(source: string, node: TreeNode): string {
  return source.slice(node.range[0], node.range[1])
}
