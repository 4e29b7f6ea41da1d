/**
 * The formats runs and qrels come in besides TREC's: JSON dicts (ranx,
 * pytrec_eval), JSON Lines, and MS MARCO's `qid pid rank` TSV, each a
 * {@linkcode DataFormat} of the registry.
 *
 * @module
 */

import type { DataFormat, FormatProbe } from "./format_registry.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import { formatMsMarcoRun, readMsMarcoRun } from "./msmarco_run.ts";
import {
  formatJsonLinesRun,
  formatJsonQrels,
  formatJsonRun,
  readJsonLinesRun,
  readJsonQrels,
  readJsonRun,
} from "./score_dict.ts";

/** The first data lines of a probe (the last may be cut short by the head's size). */
function headLines(probe: FormatProbe, count: number): string[] {
  const lines = probe.head.split("\n");
  if (probe.head.length >= 2048) lines.pop();
  return lines.map((l) => l.replace(/\r$/, "")).filter((l) => l.trim() !== "")
    .slice(0, count);
}

/** Whether text opens a `{"key": {` nested object, a JSON dict of dicts. */
const DICT_OF_DICTS = /^\{\s*("(?:[^"\\]|\\.)*"\s*:\s*\{|\}\s*$)/;

function isJsonObject(line: string): boolean {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function lower(probe: FormatProbe): string {
  return probe.path.toLowerCase();
}

/** How sure a probe is a JSON dict of dicts. */
function detectJsonDict(probe: FormatProbe): number {
  if (probe.isDirectory) return 0;
  const text = probe.head.trimStart();
  if (!DICT_OF_DICTS.test(text)) return 0;
  // A dataset's keys are its own: "documents", "queries".
  if (/^\{\s*"(documents|queries|name|description)"\s*:/.test(text)) return 0;
  return 0.7;
}

/** How sure a probe is JSON Lines of objects. */
function detectJsonLines(probe: FormatProbe): number {
  if (probe.isDirectory) return 0;
  const lines = headLines(probe, 3);
  if (lines.length === 0 || !lines.every(isJsonObject)) {
    return /\.jsonl(\.gz)?$/.test(lower(probe)) && lines.length === 0 ? 0.5 : 0;
  }
  return lines.length > 1 || /\.jsonl(\.gz)?$/.test(lower(probe)) ? 0.75 : 0;
}

/** A run as a JSON dict, ranx's and pytrec_eval's shape. */
export const JSON_RUN_FORMAT: DataFormat<"run"> = {
  name: "json-run",
  kind: "run",
  description:
    'JSON dict run {"qid": {"docid": score}} (ranx, pytrec_eval), ranked by score',
  extensions: [".json", ".json.gz"],
  detect: detectJsonDict,
  read: (path) => readJsonRun(path),
  write: (path, run) => writeFileAtomic(path, formatJsonRun(run)),
};

/** A run as JSON Lines of dicts or of `{qid, docid, score}` records. */
export const JSONL_RUN_FORMAT: DataFormat<"run"> = {
  name: "jsonl-run",
  kind: "run",
  description:
    'JSON Lines run: {"qid": {"docid": score}} or {"qid", "docid", "score"} per line',
  extensions: [".jsonl", ".jsonl.gz"],
  detect: detectJsonLines,
  read: (path) => readJsonLinesRun(path),
  write: (path, run) => writeFileAtomic(path, formatJsonLinesRun(run)),
};

/** MS MARCO's run TSV. */
export const MSMARCO_RUN_FORMAT: DataFormat<"run"> = {
  name: "msmarco-run",
  kind: "run",
  description: "MS MARCO run TSV: qid<TAB>pid<TAB>rank, ranked by rank",
  extensions: [".tsv", ".tsv.gz"],
  detect: (probe) => {
    if (probe.isDirectory) return 0;
    const lines = headLines(probe, 5);
    if (lines.length === 0) return 0;
    const ok = lines.every((line) => {
      const fields = line.split("\t");
      return fields.length === 3 && /^[1-9]\d*$/.test(fields[2]);
    });
    // Below BEIR qrels' 0.6: the same shape reads as qrels unless a run is asked for.
    return ok ? 0.5 : 0;
  },
  read: async (path) => await readMsMarcoRun(path),
  write: (path, run) => writeFileAtomic(path, formatMsMarcoRun(run)),
};

/** Qrels as a JSON dict, ranx's and pytrec_eval's shape. */
export const JSON_QRELS_FORMAT: DataFormat<"qrels"> = {
  name: "json-qrels",
  kind: "qrels",
  description:
    'JSON dict qrels {"qid": {"docid": relevance}} (ranx, pytrec_eval)',
  extensions: [".json", ".json.gz"],
  detect: detectJsonDict,
  read: (path) => readJsonQrels(path),
  write: (path, qrels) => writeFileAtomic(path, formatJsonQrels(qrels)),
};
