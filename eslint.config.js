// The root of this repository is the npm package @pantheon/kit (app/, commands/ and stubs/ are
// compiled into dist/ and published), so it takes the package preset: configPkg. configApp adds
// what an application needs on top: the lazy controller and listener import rules of
// @adonisjs/eslint-plugin, which the apps written by `node ace init` get (see
// stubs/pantheon/app/eslint.config.js.stub), and decorator metadata parsing. That last part is
// needed here too: tsconfig.json emits decorator metadata, and the reference app's handlers
// (modules/) take constructor dependencies through @inject(), whose imports must stay value
// imports; without it @typescript-eslint/consistent-type-imports would turn them into type
// imports and break dependency injection at run time.
import { configPkg } from '@adonisjs/eslint-config'

export default configPkg(
  {
    name: 'Pantheon decorator metadata (as in tsconfig.json)',
    languageOptions: {
      parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true },
    },
  },
  {
    name: 'Pantheon ignores',
    ignores: [
      'dist/**',
      'build/**',
      'tmp/**',
      '.adonisjs/**',
      'node_modules/**',
      'tests/architecture/fixtures/**',
      'bench/results/**',
    ],
  }
)
