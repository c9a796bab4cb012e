import type { ParseTypeScript } from './syntax_tree.js'

/** Which parser a source reader reads with: prettier's TypeScript parser, or ts-morph's. */
export type SourceParser = 'prettier' | 'ts-morph'

/**
 * A source reader loaded on first use and kept (module facts, the module inventory): on
 * prettier's TypeScript parser (about 40 ms to load) when prettier is installed, else on
 * ts-morph, which brings the whole TypeScript compiler (about a quarter of a second). Only the
 * scaffolding and inventory commands need either: every other `node ace` call, and the app at
 * runtime, load neither. `parser` asks for one of them; a reader that could not load is asked
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
      const parse = await loadTypeScriptParser()
      if (parse) return make.onSyntaxTree(parse)
      if (parser === 'prettier') throw new Error('prettier is not installed')
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
