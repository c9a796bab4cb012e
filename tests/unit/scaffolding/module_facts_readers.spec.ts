import { test } from '@japa/runner'
import { corpusAnswers } from '#tests/common/source_corpus'
import { moduleFacts, type ModuleFacts } from '#kit/scaffolding/module_facts'

/** Every answer a reader gives about one file. */
function answers(facts: ModuleFacts, source: string, fileName: string) {
  return {
    message: facts.message(source, fileName),
    validatorFields: facts.validatorFields(source, fileName),
    handler: facts.handler(source, fileName),
    endpointRoute: facts.endpointRoute(source, fileName),
    registration: facts.registration(source, fileName),
    exports: facts.exports(source, fileName),
    calls: facts.calls(source, fileName, 'migrate', 'prepareTestDatabases', 'make', 'map'),
  }
}

/** ts-morph's answers for every file of the corpus, read once for both parsers' groups. */
const tsMorphAnswers = () =>
  corpusAnswers('module facts', async () => {
    const tsMorph = await moduleFacts({ parser: 'ts-morph' })
    return (source: string, fileName: string) => answers(tsMorph, source, fileName)
  })

// The ESTree readers on each parser that builds their tree, held to ts-morph's answers.
for (const parser of ['swc', 'prettier'] as const) {
  test.group(`Module facts: the two readers (${parser})`, (group) => {
    group.tap((t) => t.tags(['@any-database']))
    test(`${parser}’s parser and ts-morph answer alike for every source of the corpus`, async ({
      assert,
    }) => {
      const syntaxTree = await moduleFacts({ parser })
      const files = await tsMorphAnswers()
      assert.isAbove(files.length, 300)
      let read = { messages: 0, validators: 0, routes: 0, registrations: 0 }
      for (const { path, source, fileName, expected } of files) {
        assert.deepEqual(answers(syntaxTree, source, fileName), expected, path)
        read = {
          messages: read.messages + (expected.message ? 1 : 0),
          validators: read.validators + (expected.validatorFields?.length ? 1 : 0),
          routes: read.routes + (expected.endpointRoute ? 1 : 0),
          registrations: read.registrations + (expected.registration ? 1 : 0),
        }
      }
      // The corpus holds files of each kind the generators read, so each answer was compared.
      for (const [kind, count] of Object.entries(read)) assert.isAbove(count, 3, kind)
    })

    test('they answer alike for a file the parser refuses and for rarer syntax', async ({
      assert,
    }) => {
      const syntaxTree = await moduleFacts({ parser })
      const tsMorph = await moduleFacts({ parser: 'ts-morph' })
      const sources = [
        // Half-written: prettier's parser refuses it, ts-morph reads what it can.
        `export default class E extends MediatorEndpoint {
    readonly method = 'get'
    readonly path = '/:id'
    handle(id: string) {
      return this.bus.send(new Q(id)
    }
  }`,
        `runnerHooks.setup = [() => testUtils.db().migrate()`,
        `export class Ping extends Command<void> { static accessor fromInput = () => new Ping() }`,
        `export default class E { accessor method = 'get'; accessor path = '/' }`,
        `export declare function foo(): void\nexport function bar(a: string): void\nexport function bar(a?: string) {}`,
        `class X {}\nexport = X`,
        `export const { a }: { a: number } = o`,
        `export class S { [ Symbol.iterator ]() {}\n  #migrate() {}\n  run() { this.#migrate() } }`,
      ]
      for (const source of sources) {
        const names = ['migrate', '#migrate']
        assert.deepEqual(
          {
            ...answers(syntaxTree, source, 'file.ts'),
            calls: syntaxTree.calls(source, 'file.ts', ...names),
          },
          {
            ...answers(tsMorph, source, 'file.ts'),
            calls: tsMorph.calls(source, 'file.ts', ...names),
          },
          source
        )
      }
      assert.deepEqual(syntaxTree.endpointRoute(sources[0], 'e.ts'), {
        className: 'E',
        method: 'get',
        path: '/:id',
      })
    })
  })
}
