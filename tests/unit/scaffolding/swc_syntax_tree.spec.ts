import { createRequire } from 'node:module'
import { test } from '@japa/runner'
import { sourceCorpus } from '#tests/common/source_corpus'
import {
  descendants,
  loadTypeScriptParser,
  textOf,
  type ParseTypeScript,
  type TreeNode,
} from '#kit/scaffolding/syntax_tree'

/** The TypeScript nodes the readers look at; type nodes are otherwise named apart by the two. */
const READ_TYPESCRIPT_NODES = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSUnionType',
  'TSTypeAnnotation',
  'TSParameterProperty',
  'TSDeclareFunction',
  'TSExportAssignment',
  'TSAbstractMethodDefinition',
  'TSAbstractPropertyDefinition',
  'TSAbstractAccessorProperty',
  'TSEmptyBodyFunctionExpression',
  'TSTemplateLiteralType',
])

/** The plain fields of a node the readers compare. */
const FIELDS = [
  'name',
  'value',
  'kind',
  'static',
  'computed',
  'optional',
  'shorthand',
  'method',
  'accessibility',
  'declare',
  'operator',
  'abstract',
  'readonly',
  'tail',
]

const compared = (node: TreeNode) =>
  !node.type.startsWith('TS') || READ_TYPESCRIPT_NODES.has(node.type)
const where = (node: TreeNode) => `${node.type} ${node.range[0]}–${node.range[1]}`

/** How the two trees of one text differ: nodes one has and the other lacks, fields that differ. */
function differences(expected: TreeNode, actual: TreeNode, source: string): string[] {
  const found: string[] = []
  const index = (program: TreeNode) =>
    new Map([...descendants(program)].filter(compared).map((node) => [where(node), node]))
  const theirs = index(expected)
  const ours = index(actual)
  for (const [place, node] of theirs) {
    const counterpart = ours.get(place)
    const text = JSON.stringify(textOf(source, node).slice(0, 40))
    if (!counterpart) {
      found.push(`missing ${place} ${text}`)
      continue
    }
    for (const field of FIELDS) {
      // A template element's value is its raw and cooked text; a regular expression's, a RegExp.
      const plain = (value: unknown) => {
        if (node.type !== 'TemplateElement' || field !== 'value') return value ?? false
        const { raw, cooked } = value as { raw: string; cooked: string | null }
        return JSON.stringify([raw, cooked])
      }
      const a = plain(node[field])
      const b = plain(counterpart[field])
      const same = typeof a === 'object' && a !== null ? String(a) === String(b) : Object.is(a, b)
      if (!same) found.push(`${place}.${field}: ${String(a)} ≠ ${String(b)} ${text}`)
    }
  }
  for (const place of ours.keys()) if (!theirs.has(place)) found.push(`extra ${place}`)
  return found
}

async function parsers(): Promise<{ swc: ParseTypeScript; prettier: ParseTypeScript }> {
  const swc = await loadTypeScriptParser('swc')
  const prettier = await loadTypeScriptParser('prettier')
  if (!swc || !prettier) throw new Error('both parsers are installed in this repository')
  return { swc, prettier }
}

test.group("swc's tree as typescript-estree gives it", (group) => {
  group.tap((t) => t.tags(['@any-database']))
  test('every node the readers read, with its range and fields, over the whole corpus', async ({
    assert,
  }) => {
    const { swc, prettier } = await parsers()
    const files = await sourceCorpus()
    assert.isAbove(files.length, 300)
    let nodes = 0
    for (const { path, source } of files) {
      const expected = prettier(source)
      nodes += [...descendants(expected)].length
      assert.deepEqual(differences(expected, swc(source), source), [], path)
    }
    assert.isAbove(nodes, 100_000)
  })

  test('syntax the generators do not write', async ({ assert }) => {
    const { swc, prettier } = await parsers()
    const sources = [
      // Positions are characters, not UTF-8 bytes: text before and inside nodes that is not ASCII.
      `const café = 'crème brûlée 🍮'; export const after = call(café, \`é \${1} 🍮\`)`,
      // Escapes, read as JavaScript reads them.
      String.raw`const a = '\u0080\x41\u{1F600}\n\t\'q\'', b = 'line\
continued', c = ` + '`\\u00e9 ${a} \\x41`',
      `a?.b.c(); a?.[k]?.(x?.y); (a?.b).c; o.m?.()`,
      `const { a, b = 1, c: d, [e]: f, ...rest } = o; const [g, , ...h] = list`,
      `type V = \`\${number}.\${number}\`; const u = import.meta.url; const d = await import('x')`,
      `const big = 1_000n, re = /a[b-c]+/giu; const x = (1), y = ((a) as B)`,
      `export default abstract class { abstract m(): void; abstract p: string; abstract accessor q: number }`,
      `export class C<T> extends Base<(A | B)> implements I, J<T> {
        constructor(public readonly a?: string, private b = 2) { super() }
        static accessor s = 1; declare d: number; override o() {}
        get g() { return 1 } set g(v) {} #p() {} [Symbol.iterator]() {}
        n(): void; n(x?: number) {}
      }`,
      `const o = { async m<T>(a: T): Promise<T> { return a }, get g() { return 1 }, set s(v) {}, 'q': (1), [k]: 2, ...spread, short }`,
      `export { a as b, c as 'd' }; export * from './x.js'; export * as ns from './y.js'; export = z`,
      `declare function f(): void; function g(a: string): void; function g(a?: string) {}`,
      `@decorate({ options: true }) export class D { @field() x = 1 }`,
      `class F { @d() @e m(@p() x) {} constructor(@inject() private readonly y: Y) {} }`,
      // A byte order mark, which parsers drop before they count.
      `\uFEFFexport class CreateThing extends Command<string> { static fromInput = 'é' }`,
      // Line breaks of a file saved on Windows, inside a template that also holds an escape.
      'const t = `a\r\n\\x41`; const u = tag`\\1 \\u{110000}`; const v = `\\0`',
    ]
    for (const source of sources) {
      assert.deepEqual(differences(prettier(source), swc(source), source), [], source)
    }
  })

  test('string values are read from the text, escapes included', async ({ assert }) => {
    const { swc } = await parsers()
    const source = String.raw`const s = '\u0080é\x41\u{1F600}\'' + ` + '`\\u00e9${1}`'
    const values = [...descendants(swc(source))].flatMap((node) =>
      node.type === 'Literal' && typeof node.value === 'string'
        ? [node.value]
        : node.type === 'TemplateElement'
          ? [(node.value as { cooked: string }).cooked]
          : []
    )
    assert.deepEqual(values, ["\u0080é\x41\u{1F600}'", 'é', ''])
  })

  test('a text swc refuses is refused, so the readers read it with ts-morph', async ({
    assert,
  }) => {
    const { swc } = await parsers()
    assert.throws(() => swc('export class Half { m() { return (1 }'))
  })

  test('is the default tree once this thread runs swc, as under the kit’s loader', async ({
    assert,
  }) => {
    // prettier's tree is a typescript-estree Program with its tokens; this one keeps none.
    const tokens = async () => 'tokens' in (await loadTypeScriptParser())!('const a = 1')
    const fromTsExec = createRequire(import.meta.resolve('@poppinss/ts-exec'))
    const swcPath = fromTsExec.resolve('@swc/core')
    fromTsExec('@swc/core')
    const loaded = fromTsExec.cache[swcPath]
    assert.isFalse(await tokens(), 'swc loaded on this thread: its tree')
    // A thread that has not loaded swc (an app on ts-exec's loader, which runs on a thread of
    // its own) reads with prettier's parser rather than load a second copy.
    delete fromTsExec.cache[swcPath]
    try {
      assert.isTrue(await tokens(), 'swc not loaded here: prettier’s tree')
    } finally {
      fromTsExec.cache[swcPath] = loaded
    }
  })
})
