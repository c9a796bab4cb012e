import { createRequire } from 'node:module'
import { EstreeBuilder, type SwcNode } from './swc_estree_builder.js'
import type { ParseTypeScript } from './syntax_tree.js'

/*
 * The ESTree syntax tree (syntax_tree.ts) built from swc's parser instead of prettier's. A
 * `node ace` command of an app made by `init` runs on the kit's TypeScript loader, which compiles
 * with swc on the same thread: its parser is in memory already, and parses a file in well under a millisecond, where prettier's
 * TypeScript parser takes about 60 ms to load and its first parses another 30. swc's tree is not
 * ESTree, so each node is rewritten here into the node typescript-estree (prettier's parser)
 * would give for it, with its range in characters (swc_estree_builder.ts). swc_syntax_tree.spec.ts
 * holds that tree to prettier's node for node over every source of the corpus, and the readers'
 * specs hold their answers on it to ts-morph's, as on prettier's.
 */

interface SwcParser {
  parseSync(source: string, options: object): SwcNode
}

const PARSE_OPTIONS = { syntax: 'typescript', decorators: true, target: 'esnext' }

/**
 * swc's parser from the folder of @poppinss/ts-exec, or undefined where it cannot be had or
 * numbers its positions otherwise than this file reads them: from 1 at the start of each text,
 * in UTF-8 bytes (older swc releases went on counting from one parse to the next). Unless
 * `load` says so, only an swc this thread has loaded already is used: the kit's TypeScript
 * loader loads it on the thread that runs `node ace`, ts-exec's (an AdonisJS app that adopted
 * the kit) on a thread of its own, and loading a second copy of the native module for a few
 * parses is not worth its risk: such an app reads with prettier's parser.
 */
export function loadSwcParser(options: { load?: boolean } = {}): ParseTypeScript | undefined {
  let swc: SwcParser
  try {
    const fromTsExec = createRequire(import.meta.resolve('@poppinss/ts-exec'))
    if (!options.load && !fromTsExec.cache[fromTsExec.resolve('@swc/core')]) return undefined
    swc = fromTsExec('@swc/core') as SwcParser
  } catch {
    return undefined
  }
  const probe = () => swc.parseSync('x', PARSE_OPTIONS).span
  const first = probe()
  const second = probe()
  if (first?.start !== 1 || second?.start !== 1 || second.end !== 2) return undefined
  return (source) => new EstreeBuilder(source).program(swc.parseSync(source, PARSE_OPTIONS))
}
