#!/usr/bin/env python3
"""Independent reference for trec_eval's `rbp` with `p=<x>` parameters.

trec_eval 10.0 reads uninitialised memory in `rbp` once parameters are given,
so the differential cases for `-m rbp.p=<x>` cannot take their expected output
from the binary. This script computes what trec_eval's documentation
describes, written from that description (not from ranklens' code):

    rbp = (1 - p) * sum_i g(rel_i) * p^(i-1)

over the ranking trec_eval builds (score descending, docno descending on
ties, bytes compared as in C). g is the gain of `ndcg`: the relevance level,
or the gain a `level=gain` parameter gives it; unjudged documents gain 0.
When the gain table (levels 0 .. highest judged level, plus levels named in
parameters) leaves [0, 1], every gain becomes (g - min) / (max - min).

Usage: rbp_reference.py QRELS RUN PARAMS [-q]
Prints trec_eval's lines for `-m rbp.PARAMS` (per topic with -q, then all);
PARAMS `-` means plain `-m rbp` (p = 0.9, default gains).
Only handles what the differential cases need: qrels format, every qrels
topic present in the run, no -M/-J/-l.
"""
import sys


def fields(line):
    return line.replace(b"\t", b" ").replace(b"\r", b" ").replace(b"\v", b" ").replace(b"\f", b" ").split()


def atol(text):
    sign, digits = 1, b""
    if text[:1] in (b"+", b"-"):
        sign = -1 if text[:1] == b"-" else 1
        text = text[1:]
    for c in text:
        if 48 <= c <= 57:
            digits += bytes([c])
        else:
            break
    return sign * int(digits) if digits else 0


def main():
    qrels_path, run_path, params = sys.argv[1], sys.argv[2], sys.argv[3]
    per_topic = "-q" in sys.argv[4:]
    qrels = {}
    with open(qrels_path, "rb") as f:
        for line in f:
            parts = fields(line)
            if not parts or parts[0].startswith(b"#"):
                continue
            qrels.setdefault(parts[0], {})[parts[2]] = atol(parts[3])
    run = {}
    with open(run_path, "rb") as f:
        for line in f:
            parts = fields(line)
            if not parts or parts[0].startswith(b"#"):
                continue
            run.setdefault(parts[0], []).append((float(parts[4]), parts[2]))
    p = 0.9
    explicit = {}
    label = "rbp" if params == "-" else "rbp_" + params
    for pair in ([] if params == "-" else params.split(",")):
        name, value = pair.split("=", 1)
        if name == "p":
            p = float(value)
        elif name.lstrip("+-").isdigit():
            explicit.setdefault(int(name), float(value))
    out = []
    total = 0.0
    for qid in sorted(qrels):
        judged = qrels[qid]
        top = max([r for r in judged.values() if r >= 0], default=-1)
        gain = {level: float(level) for level in range(top + 1)}
        gain.update({k: v for k, v in explicit.items() if k >= 0})
        table = list(gain.values())
        lo, hi = min(table), max(table)
        if lo < 0 or hi > 1:
            gain = {k: (v - lo) / (hi - lo) for k, v in gain.items()}
        # score descending, then docno descending (byte order)
        ranked = sorted(run[qid], key=lambda e: e[1], reverse=True)
        ranked.sort(key=lambda e: e[0], reverse=True)
        value, weight = 0.0, 1.0
        for _, docno in ranked:
            rel = judged.get(docno, -1)
            g = gain.get(rel, 0.0) if rel >= 0 else 0.0
            if g != 0:
                value += g * weight
            weight *= p
        value = (1 - p) * value
        total += value
        if per_topic:
            out.append("%-22s\t%s\t%6.4f" % (label, qid.decode("latin-1"), value))
    out.append("%-22s\t%s\t%6.4f" % (label, "all", total / len(qrels)))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
