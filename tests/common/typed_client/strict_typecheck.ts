import ts from 'typescript'

/**
 * `tsc --strict --noEmit` over `files` (and what they import), with the repository's own
 * TypeScript, in process: each error as `file:line:column message`, paths relative to
 * `folder`. The files are ES modules resolved as Node resolves them.
 */
export function strictTypeErrors(folder: string, files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    skipLibCheck: true,
  })
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    if (!diagnostic.file || diagnostic.start === undefined) return message
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
    const file = diagnostic.file.fileName.replace(`${folder}/`, '')
    return `${file}:${line + 1}:${character + 1} ${message}`
  })
}
