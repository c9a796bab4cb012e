import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { compile } from 'tempura'
import type { ApplicationService } from '@adonisjs/core/types'
import { stubsRoot } from '../kit/stubs_root.js'

export interface RenderedStub {
  contents: string
  destination: string
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
function stubSource(app: ApplicationService, stubPath: string): string {
  const ejected = app.makePath('stubs', 'pantheon', stubPath)
  return existsSync(ejected) ? ejected : join(stubsRoot, 'pantheon', stubPath)
}

/**
 * Renders one of Pantheon's templates (stubs/pantheon/…) without writing it: the command adds
 * the result to its plan, so nothing reaches the disk before every step has succeeded.
 * A stub names its destination with `{{{ exports({ to: <absolute path> }) }}}`.
 */
export async function renderStub(
  app: ApplicationService,
  stubPath: string,
  state: Record<string, unknown>
): Promise<RenderedStub> {
  const source = await readFile(stubSource(app, stubPath), 'utf8')
  let destination: string | undefined
  const data = {
    ...state,
    exports: (attributes: { to: string }) => {
      destination = attributes.to
      return ''
    },
  }
  const render = compile(escapeStubText(source), { props: Object.keys(data) })
  const contents = `${(render(data) as string).trim()}\n`
  if (!destination)
    throw new Error(`stubs/pantheon/${stubPath} does not say where it goes (exports({ to }))`)
  return { contents, destination }
}
