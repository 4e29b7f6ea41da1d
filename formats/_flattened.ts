/**
 * Batches read as their items: the one-at-a-time view of a reader that
 * yields a batch per chunk of its input.
 *
 * @module
 */

/**
 * The items of batches, one at a time.
 *
 * @param batches The batches.
 * @returns Their items.
 */
export async function* flattened<T>(
  batches: AsyncIterable<Iterable<T>>,
): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}
