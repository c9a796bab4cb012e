import { join } from 'node:path'

/*
 * A deliberate violation of each architecture rule: every fixture under fixtures/<name>/ is a
 * miniature app (same layout: modules/..., app/building_blocks/...) with exactly one bad import,
 * and the rule, importing file and imported file the cruise must report for it.
 *
 * Fixture files must not be named *.spec.ts: the architecture suite would run them.
 */
export const FIXTURES = join(import.meta.dirname, 'fixtures')

interface ViolationCase {
  title: string
  fixture: string
  rule: string
  from: string
  to: string | RegExp
}

export const violationCases: ViolationCase[] = [
  {
    title: "reports a module's code using the global database service instead of its unit of work",
    fixture: 'module_imports_database_service',
    rule: 'module-stores-through-its-unit-of-work',
    from: 'modules/shop/infrastructure/order_totals.ts',
    to: /(^|\/)node_modules\/@adonisjs\/lucid\/build\/services\/db\.js$/,
  },
  {
    title: 'reports a domain file importing its application layer',
    fixture: 'domain_imports_application',
    rule: 'domain-imports-only-domain',
    from: 'modules/shop/domain/order.ts',
    to: 'modules/shop/application/place_order.ts',
  },
  {
    title: 'reports a domain file importing a non-domain building block through #building_blocks',
    fixture: 'domain_imports_application_via_alias',
    rule: 'domain-imports-only-domain',
    from: 'modules/shop/domain/order.ts',
    to: 'app/building_blocks/application/handler.ts',
  },
  {
    title: 'reports a domain file importing an AdonisJS package, even for types only',
    fixture: 'domain_imports_framework',
    rule: 'domain-has-no-framework-dependencies',
    from: 'modules/shop/domain/order.ts',
    to: /(^|\/)node_modules\/@adonisjs\/core\//,
  },
  {
    title: 'reports an application file importing types from its infrastructure layer',
    fixture: 'application_imports_infrastructure',
    rule: 'application-imports-only-application-and-domain',
    from: 'modules/shop/application/place_order.ts',
    to: 'modules/shop/infrastructure/order_record.ts',
  },
  {
    title: 'reports an infrastructure file importing the application building blocks directly',
    fixture: 'infrastructure_imports_application_building_blocks',
    rule: 'infrastructure-imports-only-inner-layers',
    from: 'modules/shop/infrastructure/shop_module.ts',
    to: 'app/building_blocks/application/result.ts',
  },
  {
    title: 'reports an api file importing its domain layer',
    fixture: 'api_imports_domain',
    rule: 'api-imports-only-application',
    from: 'modules/shop/api/place_order_endpoint.ts',
    to: 'modules/shop/domain/order.ts',
  },
  {
    title: 'reports an integration file importing its domain layer',
    fixture: 'integration_imports_domain',
    rule: 'integration-imports-only-integration',
    from: 'modules/shop/integration/order_placed.ts',
    to: 'modules/shop/domain/order_id.ts',
  },
  {
    title: "reports a module importing another module's domain",
    fixture: 'module_imports_other_module_internals',
    rule: 'no-cross-module-internals',
    from: 'modules/billing/application/bill_order.ts',
    to: 'modules/shop/domain/order.ts',
  },
  {
    title: "reports a module's test importing another module's application layer",
    fixture: 'module_test_imports_other_module_internals',
    rule: 'no-cross-module-internals',
    from: 'modules/billing/tests/unit/bill_order_test.ts',
    to: 'modules/shop/application/place_order.ts',
  },
  {
    title: 'reports a domain building block importing the application building blocks',
    fixture: 'building_block_domain_imports_application',
    rule: 'building-block-domain-imports-only-domain',
    from: 'app/building_blocks/domain/entity.ts',
    to: 'app/building_blocks/application/handler.ts',
  },
  {
    title: 'reports an application building block importing the infrastructure building blocks',
    fixture: 'building_block_application_imports_infrastructure',
    rule: 'building-block-application-imports-only-application-and-domain',
    from: 'app/building_blocks/application/mediator.ts',
    to: 'app/building_blocks/infrastructure/json_response.ts',
  },
  {
    title: 'reports an integration building block importing the domain building blocks',
    fixture: 'building_block_integration_imports_domain',
    rule: 'building-block-integration-imports-only-integration',
    from: 'app/building_blocks/integration/integration_event.ts',
    to: 'app/building_blocks/domain/domain_event.ts',
  },
  {
    title: 'reports an infrastructure building block importing host code',
    fixture: 'building_block_infrastructure_imports_host_code',
    rule: 'building-block-infrastructure-imports-only-building-blocks',
    from: 'app/building_blocks/infrastructure/module.ts',
    to: 'config/app.ts',
  },
  {
    title: "reports a building block importing a module, even the module's integration contract",
    fixture: 'building_block_imports_module',
    rule: 'building-blocks-do-not-import-modules',
    from: 'app/building_blocks/infrastructure/module.ts',
    to: 'modules/shop/integration/order_placed.ts',
  },
  {
    title: 'reports a core building block importing the telemetry layer',
    fixture: 'core_imports_telemetry',
    rule: 'telemetry-stays-beside-the-core',
    from: 'app/building_blocks/infrastructure/messaging/outbox.ts',
    to: 'app/building_blocks/infrastructure/telemetry/tracing.ts',
  },
  {
    title: 'reports a core building block importing OpenTelemetry, even for types only',
    fixture: 'core_imports_opentelemetry',
    rule: 'telemetry-stays-beside-the-core',
    from: 'app/building_blocks/infrastructure/messaging/outbox.ts',
    to: /(^|\/)node_modules\/@opentelemetry\/api\//,
  },
  {
    title: 'reports a relative import that does not resolve',
    fixture: 'unresolvable_import',
    rule: 'no-unresolvable-imports',
    from: 'modules/shop/domain/order.ts',
    to: './order_id.js',
  },
  {
    title: 'reports a #building_blocks import that does not resolve',
    fixture: 'unresolvable_alias',
    rule: 'no-unresolvable-imports',
    from: 'app/building_blocks/application/mediator.ts',
    to: '#building_blocks/application/result',
  },
  {
    // npm packages are otherwise free to use: without this an app's domain could import the
    // installed kit's HTTP layer.
    title: 'judges the installed kit by its layers: a domain importing @pantheon/kit/http',
    fixture: 'domain_imports_installed_kit_http',
    rule: 'domain-imports-only-domain',
    from: 'modules/shop/domain/order.ts',
    to: 'node_modules/@pantheon/kit/dist/app/building_blocks/infrastructure/http/index.d.ts',
  },
  {
    title: "judges the kit by its layers in pnpm's layout too",
    fixture: 'domain_imports_pnpm_kit_http',
    rule: 'domain-imports-only-domain',
    from: 'modules/shop/domain/order.ts',
    to: 'node_modules/.pnpm/@pantheon+kit@0.2.0/node_modules/@pantheon/kit/dist/app/building_blocks/infrastructure/http/index.d.ts',
  },
]
