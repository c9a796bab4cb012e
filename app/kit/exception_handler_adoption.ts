import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import type ConfigureCommand from '@adonisjs/core/commands/configure'
import type {
  ClassDeclaration,
  ImportSpecifier,
  Project,
  SourceFile,
  StringLiteral,
} from 'ts-morph'
import type { RenderedStub } from '../scaffolding/render_stub.js'

type TsMorph = typeof import('ts-morph')

/** What start/kernel.ts registers in an app made by init: the app's own handler. */
const APP_HANDLER = '#exceptions/handler'
/** The kit's handler: the app's extends it (apps made by an earlier init register it directly). */
const KIT_HANDLER = '@pantheon/kit/exception_handler'
/** The name the kit's handler is imported under, as in the handler init writes. */
const KIT_BASE = 'PantheonExceptionHandler'
const REGISTRATION = `server.errorHandler(() => import('${APP_HANDLER}'))`
const EXTEND_THE_KIT = `extend the default export of ${KIT_HANDLER} (import ${KIT_BASE} from '${KIT_HANDLER}')`

/** The app's files that decide how its errors are answered, read by `configure`. */
export interface HandlerFacts {
  /** start/kernel.ts, where `server.errorHandler` registers the handler. */
  kernel: SourceFile
  /** The file `#exceptions/handler` names, when the app has it. */
  handler: SourceFile | undefined
  /** That file's path in the app, as messages show it. */
  handlerPath: string
}

/** What `adoptExceptionHandler` did to the files it was given, or why it left them. */
export interface HandlerAdoption {
  /** The app has no handler file: the one init writes goes there. */
  writeHandler: boolean
  /** start/kernel.ts now registers `#exceptions/handler` (added, or moved from the kit's). */
  kernelEdited: boolean
  /** The handler extended AdonisJS's ExceptionHandler; it now extends the kit's. */
  handlerRebased: boolean
  /** start/kernel.ts registers `#exceptions/handler`: package.json must map `#exceptions/*`. */
  needsAlias: boolean
  /** Nothing was changed: what the app's developer has to change by hand. */
  advice?: string
}

type Base =
  | { kind: 'kit' }
  | { kind: 'adonis'; declaration: ClassDeclaration; specifier: ImportSpecifier }
  | { kind: 'other'; name: string | undefined }

type Registration =
  | { kind: 'none' }
  | { kind: 'import'; specifier: string; literal: StringLiteral }
  | { kind: 'unreadable'; text: string }

/**
 * Brings an app to the arrangement of an app made by init: start/kernel.ts registers
 * `#exceptions/handler`, whose class extends the kit's handler. Edits the given files in memory
 * (the caller saves them) and never replaces a handler the app has: one that extends AdonisJS's
 * ExceptionHandler gets the kit's as its base class, its overrides kept; any other arrangement
 * is left as it is, with advice saying what to change.
 */
export function adoptExceptionHandler(tsMorph: TsMorph, facts: HandlerFacts): HandlerAdoption {
  const { kernel, handler, handlerPath } = facts
  const registered = registration(tsMorph, kernel)
  if (registered.kind === 'unreadable') {
    return manual(
      `start/kernel.ts registers its error handler in a way configure does not read ` +
        `(${registered.text}). Register one whose class ${EXTEND_THE_KIT}, as an app made by ` +
        `init does: ${REGISTRATION} with ${handlerPath}.`
    )
  }
  const specifier = registered.kind === 'import' ? registered.specifier : undefined
  if (specifier !== undefined && specifier !== APP_HANDLER && specifier !== KIT_HANDLER) {
    return manual(
      `start/kernel.ts registers ${specifier} as the error handler, so configure left it as it ` +
        `is. For errors answered as problem details, make that class ${EXTEND_THE_KIT}, calling ` +
        `super.handle and super.report for the errors it does not answer itself.`
    )
  }

  const base = handler && baseClass(tsMorph, handler)
  if (specifier === KIT_HANDLER && base && base.kind !== 'kit') {
    return manual(
      `start/kernel.ts registers ${KIT_HANDLER} directly, so ${handlerPath} is not used, and it ` +
        `${describe(base)}: configure left both as they are. To customise errors in ` +
        `${handlerPath}, make it ${EXTEND_THE_KIT} and register it: ${REGISTRATION}.`
    )
  }
  const clash = base?.kind === 'adonis' && handler?.getLocal(KIT_BASE) !== undefined
  if (base?.kind === 'other' || clash) {
    return manual(
      `${handlerPath} ${describe(base)}${
        clash ? ` and already names something ${KIT_BASE}` : ''
      }, so configure left it${
        specifier ? '' : ' (and start/kernel.ts, which registers no error handler)'
      } as it is. For errors answered as problem details, make it ${EXTEND_THE_KIT}, calling ` +
        `super.handle and super.report for the errors it does not answer itself${
          specifier ? '' : `, and register it in start/kernel.ts: ${REGISTRATION}`
        }.`
    )
  }

  const handlerRebased = base?.kind === 'adonis'
  if (base?.kind === 'adonis') rebase(tsMorph, base)
  if (registered.kind === 'import' && specifier === KIT_HANDLER) {
    registered.literal.setLiteralValue(APP_HANDLER)
  } else if (registered.kind === 'none') {
    register(kernel)
  }
  return {
    writeHandler: !handler,
    kernelEdited: specifier !== APP_HANDLER,
    handlerRebased,
    needsAlias: true,
  }
}

function manual(advice: string): HandlerAdoption {
  return {
    writeHandler: false,
    kernelEdited: false,
    handlerRebased: false,
    needsAlias: false,
    advice,
  }
}

/** What the handler's class is based on, as messages say it. */
function describe(base: Base): string {
  if (base.kind === 'kit') return `extends ${KIT_HANDLER}`
  if (base.kind === 'adonis') return 'extends ExceptionHandler of @adonisjs/core/http'
  return base.name ? `extends ${base.name}` : 'has no default-exported class that extends one'
}

/** The `server.errorHandler(() => import('…'))` call of start/kernel.ts, if any. */
function registration(tsMorph: TsMorph, kernel: SourceFile): Registration {
  const { SyntaxKind } = tsMorph
  const calls = kernel
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter(
      (call) =>
        call.getExpression().asKind(SyntaxKind.PropertyAccessExpression)?.getName() ===
        'errorHandler'
    )
  if (calls.length === 0) return { kind: 'none' }
  const [call] = calls
  const lazy = call
    .getArguments()[0]
    ?.asKind(SyntaxKind.ArrowFunction)
    ?.getBody()
    .asKind(SyntaxKind.CallExpression)
  const literal =
    calls.length === 1 && lazy?.getExpression().getKind() === SyntaxKind.ImportKeyword
      ? lazy.getArguments()[0]?.asKind(SyntaxKind.StringLiteral)
      : undefined
  if (!literal) return { kind: 'unreadable', text: calls.map((one) => one.getText()).join(', ') }
  return { kind: 'import', specifier: literal.getLiteralValue(), literal }
}

/** What the handler's default-exported class extends, judged by the import that names it. */
function baseClass(tsMorph: TsMorph, handler: SourceFile): Base {
  const declaration = handler.getClasses().find((candidate) => candidate.isDefaultExport())
  const heritage = declaration?.getExtends()?.getExpression()
  const name = heritage?.asKind(tsMorph.SyntaxKind.Identifier)?.getText()
  if (!declaration || !heritage) return { kind: 'other', name: undefined }
  for (const imported of handler.getImportDeclarations()) {
    const from = imported.getModuleSpecifierValue()
    if (from === KIT_HANDLER && imported.getDefaultImport()?.getText() === name) {
      return { kind: 'kit' }
    }
    const specifier = imported
      .getNamedImports()
      .find((named) => (named.getAliasNode() ?? named.getNameNode()).getText() === name)
    if (from === '@adonisjs/core/http' && specifier?.getName() === 'ExceptionHandler') {
      return { kind: 'adonis', declaration, specifier }
    }
  }
  return { kind: 'other', name: heritage.getText() }
}

/** The class extends the kit's handler; AdonisJS's is no longer imported if nothing else uses it. */
function rebase(tsMorph: TsMorph, base: Extract<Base, { kind: 'adonis' }>) {
  const { SyntaxKind } = tsMorph
  const handler = base.declaration.getSourceFile()
  const local = (base.specifier.getAliasNode() ?? base.specifier.getNameNode()).getText()
  const heritage = base.declaration.getExtendsOrThrow()
  const usedElsewhere = handler
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some(
      (identifier) =>
        identifier.getText() === local &&
        !identifier.getFirstAncestorByKind(SyntaxKind.ImportDeclaration) &&
        !identifier.getFirstAncestor((node) => node === heritage)
    )
  base.declaration.setExtends(KIT_BASE)
  if (!usedElsewhere) {
    const declaration = base.specifier.getImportDeclaration()
    if (declaration.getNamedImports().length === 1 && !declaration.getDefaultImport()) {
      declaration.remove()
    } else {
      base.specifier.remove()
    }
  }
  insertAfterImports(handler, `import ${KIT_BASE} from '${KIT_HANDLER}'`)
}

/** Registers `#exceptions/handler` after the kernel's imports, as in an app made by init. */
function register(kernel: SourceFile) {
  const server = kernel
    .getImportDeclarations()
    .find((imported) => imported.getModuleSpecifierValue() === '@adonisjs/core/services/server')
    ?.getDefaultImport()
    ?.getText()
  if (!server) insertAfterImports(kernel, `import server from '@adonisjs/core/services/server'`)
  const lastImport = kernel.getImportDeclarations().at(-1)!
  kernel.insertText(
    lastImport.getEnd(),
    `\n\n${REGISTRATION.replace(/^server/, server ?? 'server')}`
  )
}

/** A line after the file's last import (its first line when it has none), formatted as init's. */
function insertAfterImports(file: SourceFile, line: string) {
  const lastImport = file.getImportDeclarations().at(-1)
  if (lastImport) file.insertText(lastImport.getEnd(), `\n${line}`)
  else file.insertText(0, `${line}\n\n`)
}

/**
 * The file `#exceptions/handler` names in the app, from package.json's imports map (AdonisJS
 * apps map `#exceptions/*` to `./app/exceptions/*.js`; without the entry, configure adds that
 * one); undefined when the map sends it where configure cannot follow.
 */
export function handlerFileOf(imports: Record<string, unknown> | undefined): string | undefined {
  const target = imports?.['#exceptions/*'] ?? './app/exceptions/*.js'
  if (typeof target !== 'string' || !/^\.\/[^*]*\*\.js$/.test(target)) return undefined
  return target.slice(2).replace('*', 'handler').replace(/\.js$/, '.ts')
}

/**
 * `configure`'s step for the error handler: the files read from the codemods' project, the
 * changes of `adoptExceptionHandler` saved and logged, the handler init writes added when the app
 * has none, or its advice printed as a warning. Answers whether package.json needs
 * `#exceptions/*`.
 */
export async function adoptErrorHandler(
  command: ConfigureCommand,
  tsMorph: TsMorph,
  project: Project,
  render: (stub: string) => Promise<RenderedStub>
): Promise<boolean> {
  const app = command.app
  const manifest = JSON.parse(await readFile(app.makePath('package.json'), 'utf8')) as {
    imports?: Record<string, unknown>
  }
  const handlerPath = handlerFileOf(manifest.imports)
  const kernelPath = app.startPath('kernel.ts')
  const kernel = existsSync(kernelPath) ? project.addSourceFileAtPath(kernelPath) : undefined
  if (!handlerPath || !kernel) {
    command.logger.warning(
      handlerPath
        ? `The app has no ${relative(app.makePath(), kernelPath)}: register an error handler whose class ${EXTEND_THE_KIT} with ${REGISTRATION}.`
        : `package.json maps #exceptions/* to ${JSON.stringify(manifest.imports?.['#exceptions/*'])}, which configure does not follow: make the class of #exceptions/handler ${EXTEND_THE_KIT}, and register it in start/kernel.ts: ${REGISTRATION}.`
    )
    return false
  }
  const handlerFile = app.makePath(handlerPath)
  const handler = existsSync(handlerFile) ? project.addSourceFileAtPath(handlerFile) : undefined
  const adoption = adoptExceptionHandler(tsMorph, { kernel, handler, handlerPath })
  if (adoption.advice) {
    command.logger.warning(adoption.advice)
    return false
  }
  if (adoption.writeHandler) {
    const template = await render('app/app/exceptions/handler.ts.stub')
    await mkdir(dirname(handlerFile), { recursive: true })
    await writeFile(handlerFile, template.contents)
    command.logger.action(`create ${handlerPath}`).succeeded()
  } else if (adoption.handlerRebased && handler) {
    await handler.save()
    command.logger.action(`update ${handlerPath}`).succeeded()
    command.logger.info(
      `${handlerPath} now extends ${KIT_HANDLER}: every error is answered as problem details, and its overrides reach the kit's handler through super (AdonisJS's debug and status pages no longer apply)`
    )
  } else {
    command.logger.action(`update ${handlerPath}`).skipped(`already extends ${KIT_HANDLER}`)
  }
  if (adoption.kernelEdited) {
    await kernel.save()
    command.logger.action(`update ${relative(app.makePath(), kernelPath)}`).succeeded()
  }
  return adoption.needsAlias
}
