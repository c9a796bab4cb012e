/**
 * What a module holds, as imports: the file its registration class reads at boot instead of
 * searching the module's folders. Each section maps a file (relative to the module folder) to
 * what it exports: the whole namespace for command and query files, the default export for the
 * others. Written by the scaffolding commands, `node ace pantheon:index` and the assembler hook
 * (see module_index_source.ts in the kit's scaffolding), so "find references" and import graphs
 * see every handler, validator, endpoint and consumer a module wires.
 */
export interface ModuleIndex {
  /** `application/**\/*_command.ts` and `*_query.ts`: every exported Command or Query class. */
  messages: Record<string, Record<string, unknown>>
  /** `application/**\/*_handler.ts`: the default export, a class with `static handles`. */
  handlers: Record<string, unknown>
  /** `application/**\/*_validator.ts`: the default export of defineCommandValidator. */
  validators: Record<string, unknown>
  /** `{application,infrastructure}/**\/*_event_handler.ts`: domain event handlers. */
  domainEventHandlers: Record<string, unknown>
  /** `infrastructure/consumers/*_consumer.ts`: consumers of other modules' integration events. */
  consumers: Record<string, unknown>
  /** `api/**\/*_endpoint.ts` (`api/v<N>/…` for one API version): the endpoint classes. */
  endpoints: Record<string, unknown>
}

export function defineModuleIndex(index: ModuleIndex): ModuleIndex {
  return index
}

/** The sections of an index, and which files of a module belong in each. */
export const MODULE_INDEX_SECTIONS: Record<keyof ModuleIndex, RegExp> = {
  messages: /^application\/.+_(command|query)\.ts$/,
  handlers: /^application\/(?:.+\/)?(?!.*_event_handler\.ts$)[^/]+_handler\.ts$/,
  validators: /^application\/.+_validator\.ts$/,
  domainEventHandlers: /^(application|infrastructure)\/.+_event_handler\.ts$/,
  consumers: /^infrastructure\/consumers\/[^/]+_consumer\.ts$/,
  endpoints: /^api\/.+_endpoint\.ts$/,
}
