/**
 * The writers' refusal of a value their format cannot hold (an id with a
 * space for a TREC file, a tab for TSV): a `TypeError` for library callers,
 * told apart from a bug so that `convertFile` reports it as bad input.
 *
 * @module
 */

/** A value the format being written cannot hold. */
export class UnwritableValueError extends TypeError {}
