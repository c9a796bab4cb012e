import type { ParseTypeScript, TreeParser } from './syntax_tree.js'

/** Which parser a source reader reads with: swc's, prettier's TypeScript parser, or ts-morph's. */
export type SourceParser = TreeParser | 'ts-morph'

/**
 * A source reader loaded on first use and kept (module facts, the module inventory): on the
 * ESTree tree of swc's parser, in memory already under the kit's loader, or of prettier's
 * TypeScript parser (about 60 ms to load), else on ts-morph, which brings the whole TypeScript
 * compiler (about a quarter of a second). Only the scaffolding and inventory commands read
 * sources: every other `node ace` call, and the app at runtime, load none of these. `parser` asks for one of them; a reader that could not load is asked
 * for again next time, not remembered as failed.
 */
export function sourceReaderLoader<Reader>(make: {
  onSyntaxTree: (parse: ParseTypeScript) => Promise<Reader>
  onTsMorph: () => Reader | Promise<Reader>
}): (options?: { parser?: SourceParser }) => Promise<Reader> {
  const loading = new Map<SourceParser | 'any', Promise<Reader>>()
  const load = async (parser?: SourceParser): Promise<Reader> => {
    if (parser !== 'ts-morph') {
      const { loadTypeScriptParser } = await import('./syntax_tree.js')
      const parse = await loadTypeScriptParser(parser)
      if (parse) return make.onSyntaxTree(parse)
      if (parser) throw new Error(`${parser}'s parser cannot be loaded`)
    }
    return make.onTsMorph()
  }
  return (options = {}) => {
    const key = options.parser ?? 'any'
    let reader = loading.get(key)
    if (!reader) {
      reader = load(options.parser)
      loading.set(key, reader)
      reader.catch(() => loading.delete(key))
    }
    return reader
  }
}
