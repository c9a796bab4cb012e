import type { IForbiddenRuleType } from 'dependency-cruiser'

/*
 * The architecture of Pantheon as dependency-cruiser rules.
 *
 * Paths are relative to the cruise's base directory (the app root, or a fixture's root in the
 * rules' own tests), so `^modules/` means "the modules folder of the app being checked".
 *
 * Every layer rule is written the same way: "a file in layer X may not import any project file
 * except ...". Three kinds of target are left to other rules or are not project code at all:
 *   - npm packages and Node built-ins (free to use, except where a rule says otherwise);
 *   - imports that did not resolve (reported once, by `no-unresolvable-imports`);
 *   - files of *another* module (reported once, by `no-cross-module-internals`), so one bad
 *     import yields exactly one violation with the name of the rule that explains it.
 *
 * Rules are generic across modules: `from.path` captures the module name and `$1` in `to`
 * stands for it (dependency-cruiser's group matching), so nothing here names a module.
 */

/** A module file, capturing the module's name as $1. */
const inModule = (layer: string) => `^modules/([^/]+)/${layer}/`
/** Files of the importing module's own layers ($1 = the module captured by `from`). */
const ownLayers = (...layers: string[]) => `^modules/$1/(${layers.join('|')})/`
/**
 * A building-block layer: the kit's sources (app/building_blocks/ in its repository), its
 * compiled dist/ (this repository's reference app imports @pantheon/kit by name), or the
 * installed package (node_modules/@pantheon/kit/dist/ in an app).
 */
const buildingBlocks = (...layers: string[]) => `(^|/)app/building_blocks/(${layers.join('|')})/`
/** The same layers, as the kit's own sources, which the building-block rules below judge. */
const sourceBuildingBlocks = (...layers: string[]) => `^app/building_blocks/(${layers.join('|')})/`

/**
 * npm packages are free to use, except the kit, whose layers the rules above tell apart, however
 * the package manager lays it out (node_modules/@pantheon/kit, or pnpm's
 * node_modules/.pnpm/@pantheon+kit@…/node_modules/@pantheon/kit).
 */
const NPM_PACKAGE = '^(?!.*@pantheon/kit/).*node_modules/'
/** Any file of a module other than the importing one: judged by no-cross-module-internals. */
const ANOTHER_MODULE = '^modules/(?!$1/)[^/]+/'
/** Any module file at all: building blocks importing modules is judged by its own rule. */
const ANY_MODULE = '^modules/'

/**
 * "A file under `from` may import only `allowed` project files": a forbidden rule on every
 * resolved, non-npm, non-built-in dependency that matches none of the allowed paths.
 */
function mayImportOnly(
  name: string,
  comment: string,
  from: string,
  allowed: string[]
): IForbiddenRuleType {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: {
      pathNot: [...allowed, NPM_PACKAGE],
      dependencyTypesNot: ['core'],
      couldNotResolve: false,
    },
  }
}

export const architectureRules: IForbiddenRuleType[] = [
  /* ---------------------------------------------------------------- module layers */

  mayImportOnly(
    'domain-imports-only-domain',
    'The domain model is the core of a module: it depends on nothing but itself and the shared ' +
      'domain building blocks, so it can be understood and tested without any other layer.',
    inModule('domain'),
    [ownLayers('domain'), buildingBlocks('domain'), ANOTHER_MODULE]
  ),
  {
    name: 'domain-has-no-framework-dependencies',
    comment:
      'The domain stays plain TypeScript: no AdonisJS or VineJS, so framework upgrades and ' +
      'HTTP/validation concerns never reach the business rules.',
    severity: 'error',
    from: { path: inModule('domain') },
    to: { path: `${NPM_PACKAGE}(@adonisjs|@vinejs)/` },
  },
  mayImportOnly(
    'application-imports-only-application-and-domain',
    'Use cases orchestrate the domain; they must not know how they are stored, exposed or ' +
      'published (infrastructure, api, integration).',
    inModule('application'),
    [ownLayers('application', 'domain'), buildingBlocks('application'), ANOTHER_MODULE]
  ),
  mayImportOnly(
    'infrastructure-imports-only-inner-layers',
    'Infrastructure wires a module together (persistence, registration, routes, publishing its ' +
      "integration events), so it may see all of its module's layers, and only the " +
      'infrastructure building blocks.',
    inModule('infrastructure'),
    [
      ownLayers('infrastructure', 'application', 'domain', 'api', 'integration'),
      buildingBlocks('infrastructure'),
      ANOTHER_MODULE,
    ]
  ),
  mayImportOnly(
    'api-imports-only-application',
    'Endpoints translate HTTP into commands and queries: they talk to the application layer ' +
      'only, never to the domain model or persistence directly.',
    inModule('api'),
    [ownLayers('api', 'application'), buildingBlocks('infrastructure'), ANOTHER_MODULE]
  ),
  mayImportOnly(
    'integration-imports-only-integration',
    'The integration folder is the contract other modules compile against; it must be ' +
      'self-contained so depending on it never drags in internals.',
    inModule('integration'),
    [ownLayers('integration'), buildingBlocks('integration'), ANOTHER_MODULE]
  ),

  /* ---------------------------------------------------------------- module boundaries */

  {
    name: 'no-cross-module-internals',
    comment:
      "Modules are independent: a module (tests included) may use another module's published " +
      'integration contract, never its domain, application, infrastructure or api.',
    severity: 'error',
    from: { path: '^modules/([^/]+)/' },
    to: {
      path: '^modules/[^/]+/',
      pathNot: ['^modules/$1/', '^modules/[^/]+/integration/'],
    },
  },

  {
    name: 'module-stores-through-its-unit-of-work',
    comment:
      "A module reaches its database only through its unit of work, which holds the module's " +
      'own connection (a database of its own, or the default one). The global database ' +
      'service (@adonisjs/lucid/services/db) could open a transaction on any connection, so ' +
      "one change could span two modules' databases with no atomic commit. Tests may use it " +
      'to look at rows.',
    severity: 'error',
    from: { path: '^modules/[^/]+/', pathNot: '^modules/[^/]+/tests/' },
    to: { path: `${NPM_PACKAGE}@adonisjs/lucid/build/services/db\\.js$` },
  },

  /* ---------------------------------------------------------------- building blocks */

  mayImportOnly(
    'building-block-domain-imports-only-domain',
    'Shared domain primitives are the innermost layer: they depend on nothing else.',
    sourceBuildingBlocks('domain'),
    [buildingBlocks('domain'), ANY_MODULE]
  ),
  mayImportOnly(
    'building-block-application-imports-only-application-and-domain',
    'Shared application plumbing (mediator, pipeline, results) builds on the domain blocks ' +
      'only, never on infrastructure or integration.',
    sourceBuildingBlocks('application'),
    [buildingBlocks('application', 'domain'), ANY_MODULE]
  ),
  mayImportOnly(
    'building-block-integration-imports-only-integration',
    'Shared integration contracts are published to every module and must stay self-contained.',
    sourceBuildingBlocks('integration'),
    [buildingBlocks('integration'), ANY_MODULE]
  ),
  mayImportOnly(
    'building-block-infrastructure-imports-only-building-blocks',
    'Shared infrastructure may use every building block, but not host code (config, start, ' +
      'providers): building blocks must work in any host.',
    sourceBuildingBlocks('infrastructure'),
    ['^app/building_blocks/', ANY_MODULE]
  ),
  {
    name: 'building-blocks-do-not-import-modules',
    comment:
      'Building blocks are shared by every module; depending on one module would couple all ' +
      'of them to it. Modules are found at runtime by convention instead.',
    severity: 'error',
    from: { path: '^app/building_blocks/' },
    to: { path: ANY_MODULE },
  },

  {
    name: 'telemetry-stays-beside-the-core',
    comment:
      'The core publishes what it does on diagnostics channels (infrastructure/diagnostics) and ' +
      'knows no tracer: only the telemetry layer imports OpenTelemetry and makes spans and ' +
      'metrics, subscribed to those channels. So the relay reads as the relay, and telemetry ' +
      'off costs nothing.',
    severity: 'error',
    from: {
      path: '^app/building_blocks/',
      pathNot: '^app/building_blocks/infrastructure/telemetry/',
    },
    to: {
      path: [
        '(^|/)app/building_blocks/infrastructure/telemetry/',
        '(^|/)node_modules/@opentelemetry/',
      ],
    },
  },

  /* ---------------------------------------------------------------- hygiene */

  {
    name: 'no-unresolvable-imports',
    comment:
      'An import the cruiser cannot resolve cannot be checked by any rule above (e.g. a broken ' +
      '#alias or .js specifier), so it is a violation in itself.',
    severity: 'error',
    from: { path: '^(modules|app/building_blocks)/' },
    to: { couldNotResolve: true },
  },
]
