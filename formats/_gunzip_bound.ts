/**
 * How far an inflated file may grow, shared by the inflater
 * (`gunzip.ts`, which loads node:zlib) and its readers, which must not load
 * node:zlib for a plain file.
 *
 * @module
 */

/** How far a file may inflate, and what to say when it goes further. */
export interface GunzipBound {
  /** The most inflated bytes. */
  readonly bytes: number;
  /** The reason given past them (which names the option that raises it). */
  readonly reason: string;
}

/**
 * Opens the message of the error `gunzipFile` throws past its bound, so that
 * the reader, on this thread or across a worker's channel, tells it from
 * corrupt data.
 */
export const GUNZIP_BOUND_MARK = "gzip bound: ";
