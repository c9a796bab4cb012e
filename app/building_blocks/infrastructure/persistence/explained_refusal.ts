/**
 * A database refusal a repository has explained already: which key, which reference, which
 * field. It keeps the database's error as its cause for the log, and the readers of constraint
 * violations do not look through it, so its own translator answers whatever their order.
 */
export abstract class ExplainedRefusal extends Error {}
