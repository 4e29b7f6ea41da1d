/**
 * Topic scans packed for the trip from a scan worker: a batch's numbers in
 * five typed arrays (transferred, not copied) and its ids in one array, so a
 * topic waiting in the main thread's queue costs its id and a few bytes, not
 * an object and two typed arrays of its own (a million topics of a split
 * file waited there as half a gigabyte of objects).
 *
 * @module
 */

import type { TopicScan } from "./trec_run_scan.ts";

/** A batch of topic scans in typed arrays. */
export interface PackedScans {
  /** The topic ids. */
  readonly queryIds: readonly string[];
  /** 1 for a judged topic, 0 for one the qrels lack. */
  readonly judged: Uint8Array;
  /** Each topic's documents retrieved. */
  readonly numRet: Int32Array;
  /** Where each topic's judged documents end in `ranks` and `grades`. */
  readonly ends: Int32Array;
  /** The ranks of the judged documents retrieved, topic after topic. */
  readonly ranks: Int32Array;
  /** Their grades. */
  readonly grades: Float64Array;
}

/**
 * Packs scans (their judged grades are left to the joiner).
 *
 * @param scans The scans.
 * @returns The packed batch.
 */
export function packScans(scans: readonly TopicScan[]): PackedScans {
  let found = 0;
  for (const scan of scans) found += scan.ranks.length;
  const packed = {
    queryIds: scans.map((scan) => scan.queryId),
    judged: new Uint8Array(scans.length),
    numRet: new Int32Array(scans.length),
    ends: new Int32Array(scans.length),
    ranks: new Int32Array(found),
    grades: new Float64Array(found),
  };
  let at = 0;
  scans.forEach((scan, t) => {
    packed.judged[t] = scan.judged ? 1 : 0;
    packed.numRet[t] = scan.numRet;
    packed.ranks.set(scan.ranks, at);
    packed.grades.set(scan.grades, at);
    packed.ends[t] = at += scan.ranks.length;
  });
  return packed;
}

/**
 * The buffers of a packed batch, to transfer.
 *
 * @param packed The batch.
 * @returns Its buffers.
 */
export function buffersOf(packed: PackedScans): ArrayBuffer[] {
  return [
    packed.judged,
    packed.numRet,
    packed.ends,
    packed.ranks,
    packed.grades,
  ].map((array) => array.buffer as ArrayBuffer);
}

/**
 * The scans of a packed batch, as views of its arrays.
 *
 * @param packed The batch.
 * @returns The scans.
 */
export function unpackScans(packed: PackedScans): TopicScan[] {
  const scans: TopicScan[] = new Array(packed.queryIds.length);
  let start = 0;
  for (let t = 0; t < scans.length; t++) {
    const end = packed.ends[t];
    scans[t] = {
      queryId: packed.queryIds[t],
      judged: packed.judged[t] === 1,
      numRet: packed.numRet[t],
      ranks: packed.ranks.subarray(start, end),
      grades: packed.grades.subarray(start, end),
    };
    start = end;
  }
  return scans;
}
