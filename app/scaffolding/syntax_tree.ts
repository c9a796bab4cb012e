import { optionalImport } from './optional_import.js'

/**
 * The ESTree syntax tree of TypeScript sources, as typescript-estree gives it: from swc's parser
 * where the kit's TypeScript loader has it in memory already (swc_syntax_tree.ts rewrites its
 * tree), else from the parser that prettier brings (`prettier/plugins/typescript`, typescript-estree
 * inside), about 60 ms to load. ts-morph loads the whole TypeScript compiler, about a quarter of
 * a second: the readers built on this tree (registration_source.ts, syntax_tree_facts.ts,
 * syntax_tree_inventory.ts) fall back to it only in an app with neither parser.
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

/** Which parser builds the ESTree tree: swc's, when the app's loader has it, else prettier's. */
export type TreeParser = 'swc' | 'prettier'

/**
 * The parser: swc's (swc_syntax_tree.ts) when this thread runs it already (the kit's TypeScript
 * loader) or `prefer` asks for it, else prettier's; undefined when neither is installed, or the
 * one asked for is not.
 */
export async function loadTypeScriptParser(
  prefer?: TreeParser
): Promise<ParseTypeScript | undefined> {
  if (prefer !== 'prettier') {
    const { loadSwcParser } = await import('./swc_syntax_tree.js')
    const parse = loadSwcParser({ load: prefer === 'swc' })
    if (parse || prefer === 'swc') return parse
  }
  return loadPrettierParser()
}

async function loadPrettierParser(): Promise<ParseTypeScript | undefined> {
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
