import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { compile } from 'tempura'
import type { ApplicationService } from '@adonisjs/core/types'
import { stubsRoot } from '../kit/stubs_root.js'
import { columns, HOUSE_PRINT_WIDTH } from './house_style.js'
import { memberChain } from './member_chain.js'

export interface RenderedStub {
  contents: string
  destination: string
  /**
   * Rendered from one of the kit's own stubs that says its text is `formatted` (see
   * house_style.ts); an app's ejected copy may be written in any style.
   */
  houseStyle: boolean
}

const TEMPLATE_TAG = /(\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\})/

/**
 * Tempura (the engine of AdonisJS stubs) compiles the text around its tags into a JavaScript
 * template literal without escaping it, so a backtick, a `${` or a backslash in a stub would
 * break or change the output. Escaping the text (never the tags) lets stubs hold ordinary
 * TypeScript and Markdown.
 */
export function escapeStubText(source: string): string {
  return source
    .split(TEMPLATE_TAG)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')
    )
    .join('')
}

/**
 * Where a stub is read from: the app's own copy under stubs/pantheon/ when it has one (ejected
 * with `node ace pantheon:eject`), the kit's otherwise.
 */
function stubSource(app: ApplicationService, stubPath: string): { path: string; ejected: boolean } {
  const ejected = app.makePath('stubs', 'pantheon', stubPath)
  const kits = join(stubsRoot, 'pantheon', stubPath)
  // The kit's own repository keeps its stubs where an app keeps ejected ones.
  return existsSync(ejected) && ejected !== kits
    ? { path: ejected, ejected: true }
    : { path: kits, ejected: false }
}

/**
 * What follows `import ` for these names, as prettier lays it out: on one line when the import
 * fits, one name a line when it does not (`import {{{ importList(names, from) }}}`).
 */
function importList(names: string[], from: string): string {
  const oneLine = `{ ${names.join(', ')} } from '${from}'`
  if (names.length < 2 || columns(`import ${oneLine}`) <= HOUSE_PRINT_WIDTH) return oneLine
  return `{\n${names.map((name) => `  ${name},\n`).join('')}} from '${from}'`
}

/**
 * Renders one of Pantheon's templates (stubs/pantheon/…) without writing it: the command adds
 * the result to its plan, so nothing reaches the disk before every step has succeeded.
 * A stub names its destination with `{{{ exports({ to: <absolute path> }) }}}`, and adds
 * `formatted: true` when prettier leaves what it renders unchanged whatever names it is given,
 * as long as its lines fit (house_style.ts): every expression whose layout prettier chooses by
 * its width is written on one line, or in prettier's broken layout where `fits(line)` (the
 * line's width against the print width the stubs are written for) says it would not fit;
 * `importList` lays out an import of several names, `memberChain` a chain of calls.
 */
export async function renderStub(
  app: ApplicationService,
  stubPath: string,
  state: Record<string, unknown>
): Promise<RenderedStub> {
  const stub = stubSource(app, stubPath)
  const source = await readFile(stub.path, 'utf8')
  let destination: string | undefined
  let formatted = false
  const data = {
    ...state,
    fits: (line: string) => columns(line) <= HOUSE_PRINT_WIDTH,
    importList,
    memberChain,
    exports: (attributes: { to: string; formatted?: boolean }) => {
      destination = attributes.to
      formatted = attributes.formatted === true
      return ''
    },
  }
  const render = compile(escapeStubText(source), { props: Object.keys(data) })
  const contents = `${(render(data) as string).trim()}\n`
  if (!destination)
    throw new Error(`stubs/pantheon/${stubPath} does not say where it goes (exports({ to }))`)
  return { contents, destination, houseStyle: formatted && !stub.ejected }
}
