import { existsSync, globSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import type ConfigureCommand from '@adonisjs/core/commands/configure'
import type { ArrayLiteralExpression, Node, ObjectLiteralExpression, SourceFile } from 'ts-morph'
import type { RenderedStub } from '../scaffolding/render_stub.js'
import { kitManifest, kitVersionRanges } from './kit_root.js'
import { stubsRoot } from './stubs_root.js'

type TsMorph = typeof import('ts-morph')

/**
 * The kit's files an existing app lacks: the host settings, the messaging settings, the
 * messaging tables, and the architecture test that holds every module to the rules
 * (verifyModules: add-module writes no rule file per module). Rendered from the same templates
 * as `init` (stubs/pantheon/app/…). No config/limiter.ts or config/redis.ts: the provider needs
 * neither (the memory transport is the default), and the rate limit's middleware is not added
 * to an app that did not ask for it.
 */
function appStubs(): string[] {
  const migrations = globSync('app/database/migrations/*.stub', {
    cwd: join(stubsRoot, 'pantheon'),
  })
  return [
    'app/config/pantheon.ts.stub',
    'app/config/messaging.ts.stub',
    'app/tests/architecture/solution.spec.ts.stub',
    ...migrations.sort(),
  ]
}

/**
 * Each test folder of a module joins the first of `suites` the app has, or a suite of the
 * folder's name with the timeout an app made by `init` gives it (stubs/pantheon/app/adonisrc.ts.stub).
 * A starter app's HTTP suite is "functional": its tests/bootstrap.ts starts the server for it.
 */
const MODULE_TEST_FOLDERS = [
  { folder: 'unit', suites: ['unit'], timeout: 5000 },
  { folder: 'architecture', suites: ['architecture'], timeout: 60000 },
  { folder: 'integration', suites: ['integration', 'functional'], timeout: 30000 },
]

/**
 * Adopts Pantheon in an existing AdonisJS app (`node ace add @pantheon/kit`, or `node ace
 * configure @pantheon/kit` once installed). Every step checks first, so a second run changes no
 * file, and nothing the app already has is overwritten (unless --force; its error handler never
 * is: exception_handler_adoption.ts).
 */
export async function configure(command: ConfigureCommand) {
  // Under the app's scaffolding lock, as every command of the kit that edits the app's files.
  const { lockApp } = await import('../scaffolding/command_lock.js')
  const lock = await lockApp(command.app.makePath(), 'configure @pantheon/kit', command.logger)
  try {
    await adopt(command)
  } finally {
    await lock.release()
  }
}

async function adopt(command: ConfigureCommand) {
  // Loaded on demand, so importing the package's main entry never loads the TypeScript compiler.
  const [tsMorph, { renderStub }] = await Promise.all([
    import('ts-morph'),
    import('../scaffolding/render_stub.js'),
  ])
  const app = command.app
  const state = { target: app.makePath() }
  const render = (stub: string) => renderStub(app, stub, state)

  // Checked before anything is written: without @adonisjs/assembler (a dev dependency of every
  // starter) codemods cannot edit code, and the app would be left half adopted.
  const codemods = await command.createCodemods()
  const project = await codemods.getTsMorphProject()
  if (!project)
    throw new Error('install @adonisjs/assembler: it edits adonisrc.ts and start/env.ts')

  const files = await Promise.all(appStubs().map(render))
  for (const file of files) await writeUnlessPresent(command, file)
  const parse = (stub: RenderedStub) =>
    new tsMorph.Project({ useInMemoryFileSystem: true }).createSourceFile(
      'template.ts',
      stub.contents
    )

  const envFile = project.getSourceFile(app.startPath('env.ts'))
  const missing = missingEnvValidations(
    tsMorph,
    files,
    parse(await render('app/start/env.ts.stub')),
    envFile
  )
  if (Object.keys(missing).length > 0) {
    await codemods.defineEnvValidations({
      leadingComment: 'Variables for @pantheon/kit',
      variables: missing,
    })
  }

  const template = parse(await render('app/adonisrc.ts.stub'))
  const rcFile = project.getSourceFileOrThrow(app.makePath('adonisrc.ts'))
  await codemods.updateRcFile((rc) => {
    rc.addCommand('@pantheon/kit/commands')
    rc.addProvider('@pantheon/kit/provider')
    // Module indexes are rewritten before `node ace serve|test|build`, as in an app made by init.
    if (!rcFile.getFullText().includes('indexModules()')) {
      rc.addNamedImport('@pantheon/kit/hooks', ['indexModules', 'reindexModules'])
      rc.addAssemblerHook('init', 'indexModules()', true)
      rc.addAssemblerHook('fileAdded', 'reindexModules()', true)
      rc.addAssemblerHook('fileRemoved', 'reindexModules()', true)
    }
    const config = defineConfigObject(tsMorph, rcFile)
    loadModuleProviders(tsMorph, rcFile, config, template)
    const suites = config
      .getProperty('tests')
      ?.asKind(tsMorph.SyntaxKind.PropertyAssignment)
      ?.getInitializerIfKind(tsMorph.SyntaxKind.ObjectLiteralExpression)
      ?.getProperty('suites')
      ?.asKind(tsMorph.SyntaxKind.PropertyAssignment)
      ?.getInitializerIfKind(tsMorph.SyntaxKind.ArrayLiteralExpression)
    // Only an app that already runs tests with ace gets suites: no tests block, no test runner.
    if (!suites) return
    for (const { folder, suites: names, timeout } of MODULE_TEST_FOLDERS) {
      const glob = `modules/*/tests/${folder}/**/*.spec.{ts,js}`
      if (!names.some((name) => addToSuite(tsMorph, suites, name, glob))) {
        rc.addSuite(folder, [`tests/${folder}/**/*.spec.{ts,js}`, glob], timeout)
      }
    }
  })

  const { adoptErrorHandler } = await import('./exception_handler_adoption.js')
  const exceptionsAlias = await adoptErrorHandler(command, tsMorph, project, render)
  await addModulesImport(command, exceptionsAlias)
}

async function writeUnlessPresent(command: ConfigureCommand, file: RenderedStub) {
  const shown = relative(command.app.makePath(), file.destination).replace(/\\/g, '/')
  if (existsSync(file.destination) && !command.force) {
    command.logger.action(`create ${shown}`).skipped('already exists')
    return
  }
  await mkdir(dirname(file.destination), { recursive: true })
  await writeFile(file.destination, file.contents)
  command.logger.action(`create ${shown}`).succeeded()
}

function envSchema(tsMorph: TsMorph, file: SourceFile): ObjectLiteralExpression | undefined {
  return file
    .getDescendantsOfKind(tsMorph.SyntaxKind.CallExpression)
    .find((call) => call.getExpression().getText() === 'Env.create')
    ?.getArguments()[1]
    ?.asKind(tsMorph.SyntaxKind.ObjectLiteralExpression)
}

/**
 * The validations (as written in the kit's start/env.ts template) of the variables the written
 * config files read and the app's start/env.ts does not declare: a typed `env.get` of an
 * undeclared name does not compile.
 */
function missingEnvValidations(
  tsMorph: TsMorph,
  files: RenderedStub[],
  template: SourceFile,
  envFile: SourceFile | undefined
): Record<string, string> {
  const read = new Set(
    files.flatMap((file) =>
      [...file.contents.matchAll(/env\.get\(\s*'(\w+)'/g)].map((match) => match[1])
    )
  )
  const templateSchema = envSchema(tsMorph, template)
  const appSchema = envFile && envSchema(tsMorph, envFile)
  const missing: Record<string, string> = {}
  for (const name of read) {
    if (appSchema?.getProperty(name)) continue
    const validation = templateSchema
      ?.getProperty(name)
      ?.asKind(tsMorph.SyntaxKind.PropertyAssignment)
      ?.getInitializer()
    if (!validation)
      throw new Error(`stubs/pantheon/app/start/env.ts.stub does not validate ${name}`)
    missing[name] = validation.getText()
  }
  return missing
}

function defineConfigObject(tsMorph: TsMorph, rcFile: SourceFile): ObjectLiteralExpression {
  const config = rcFile
    .getDescendantsOfKind(tsMorph.SyntaxKind.CallExpression)
    .find((call) => call.getExpression().getText() === 'defineConfig')
    ?.getArguments()[0]
    ?.asKind(tsMorph.SyntaxKind.ObjectLiteralExpression)
  if (!config) throw new Error('adonisrc.ts has no defineConfig({ … }) to edit')
  return config
}

/**
 * Each module's registration class is a provider found on disk, so adding a module never edits
 * adonisrc.ts. The import and the `moduleProviders` constant are copied from the kit's own
 * adonisrc.ts template, so an adopted app and a new one load modules the same way.
 */
function loadModuleProviders(
  tsMorph: TsMorph,
  rcFile: SourceFile,
  config: ObjectLiteralExpression,
  template: SourceFile
) {
  // From the hooks subpath, which adonisrc.ts imports anyway: the modules subpath loads the whole
  // runtime (HTTP, OpenAPI, messaging), and every ace command reads adonisrc.ts.
  const specifier = '@pantheon/kit/hooks'
  const imported = rcFile.getImportDeclaration(specifier)
  const importedElsewhere = rcFile
    .getImportDeclarations()
    .some((declaration) =>
      declaration.getNamedImports().some((named) => named.getName() === 'moduleRegistrationFiles')
    )
  if (importedElsewhere) {
    // An app adopted before keeps its import.
  } else if (!imported) {
    rcFile.addImportDeclaration({
      moduleSpecifier: specifier,
      namedImports: ['moduleRegistrationFiles'],
    })
  } else {
    imported.addNamedImport('moduleRegistrationFiles')
  }

  if (!rcFile.getVariableDeclaration('moduleProviders')) {
    const declaration = template.getVariableStatementOrThrow('moduleProviders').getText(true)
    // After the imports (there is one at least: the kit's, above), a blank line apart.
    const lastImport = rcFile.getImportDeclarations().at(-1)
    rcFile.insertStatements(lastImport ? lastImport.getChildIndex() + 1 : 0, (writer) =>
      writer.newLine().write(declaration)
    )
  }

  const providers = config
    .getPropertyOrThrow('providers')
    .asKindOrThrow(tsMorph.SyntaxKind.PropertyAssignment)
    .getInitializerIfKindOrThrow(tsMorph.SyntaxKind.ArrayLiteralExpression)
  // Last, after the kit's provider: modules register their handlers with its mediator.
  if (!providers.getElements().some((element) => element.getText() === '...moduleProviders')) {
    providers.addElement('...moduleProviders')
  }
}

/** Adds the glob to the app's suite of that name; false when the app has no such suite. */
function addToSuite(
  tsMorph: TsMorph,
  suites: ArrayLiteralExpression,
  name: string,
  glob: string
): boolean {
  const { SyntaxKind } = tsMorph
  const literal = (node: Node | undefined) =>
    node?.asKind(SyntaxKind.StringLiteral)?.getLiteralValue()
  const property = (suite: ObjectLiteralExpression, key: string) =>
    suite.getProperty(key)?.asKind(SyntaxKind.PropertyAssignment)
  const suite = suites
    .getElements()
    .map((element) => element.asKind(SyntaxKind.ObjectLiteralExpression))
    .find(
      (candidate) => candidate && literal(property(candidate, 'name')?.getInitializer()) === name
    )
  const files = suite && property(suite, 'files')
  const initializer = files?.getInitializer()
  if (!files || !initializer) return false
  const list = initializer.asKind(SyntaxKind.ArrayLiteralExpression)
  if (list) {
    if (!list.getElements().some((element) => literal(element) === glob))
      list.addElement(`'${glob}'`)
  } else if (literal(initializer) !== glob) {
    // `files` may be a single glob: it becomes a list of both.
    files.setInitializer(`[${initializer.getText()}, '${glob}']`)
  }
  return true
}

/**
 * The kit's optional peers that developing an app needs (the scaffolding commands' generators,
 * the architecture tests' cruiser), as development dependencies at the versions the kit is
 * tested with; production installs leave them out.
 */
const DEVELOPMENT_PEERS = [
  'ts-morph',
  'tempura',
  'diff',
  'dependency-cruiser',
  'prettier',
  '@adonisjs/prettier-config',
]

/**
 * package.json: `#modules/*` (module files import each other's public parts through it, as in
 * an app made by init), `#exceptions/*` when start/kernel.ts registers `#exceptions/handler`,
 * and the development peers, each only when missing.
 */
async function addModulesImport(command: ConfigureCommand, exceptionsAlias: boolean) {
  const path = command.app.makePath('package.json')
  const manifest = JSON.parse(await readFile(path, 'utf8')) as {
    imports?: Record<string, string>
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  const kit = kitManifest()
  const peers = kitVersionRanges(kit)
  const missingPeers = DEVELOPMENT_PEERS.filter(
    (name) => !manifest.dependencies?.[name] && !manifest.devDependencies?.[name] && peers[name]
  )
  const aliases = {
    '#modules/*': './modules/*.js',
    ...(exceptionsAlias ? { '#exceptions/*': './app/exceptions/*.js' } : {}),
  }
  const missingAliases = Object.entries(aliases).filter(([alias]) => !manifest.imports?.[alias])
  if (missingAliases.length === 0 && missingPeers.length === 0) return
  manifest.imports = { ...Object.fromEntries(missingAliases), ...manifest.imports }
  manifest.devDependencies = {
    ...manifest.devDependencies,
    ...Object.fromEntries(missingPeers.map((name) => [name, peers[name]])),
  }
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`)
  command.logger.action('update package.json file').succeeded()
  if (missingPeers.length > 0) {
    command.logger.info(
      `run npm install: package.json now lists ${missingPeers.join(', ')} for development`
    )
  }
}
