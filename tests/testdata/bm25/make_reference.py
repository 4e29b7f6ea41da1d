"""Okapi BM25 reference scores for tests/adapters/bm25_test.ts.

Independent of MiniSearch: Lucene's IDF ln(1 + (N - n + 0.5) / (n + 0.5)),
term weight tf (k1 + 1) / (tf + k1 (1 - b + b dl / avgdl)), dl = terms kept
after lower-casing and dropping the stop words "the" and "a"; no stemming.
Run: python3 make_reference.py > reference.json
"""
import json
import math
import re

K1, B = 0.9, 0.4
STOP = {"the", "a"}
DOCS = {
    "d1": ("Chains", "The chain wears and the chain stretches; measure the chain."),
    "d2": ("Brakes", "Disc brake pads wear. Replace worn pads before the rotor is damaged."),
    "d3": ("", "A worn cassette makes a new chain skip under load."),
    "d4": ("Tyres", "Tyre pressure depends on rider weight, tyre width and the road surface."),
    "d5": ("Chain wax", "Wax keeps a chain clean; rewax the chain every few hundred kilometres."),
    "d6": ("Storage", "Hang the bike in a dry shed over winter."),
    "d7": ("Pads", "Pads, pads and more pads: sintered pads last longer than resin pads in mud."),
}
QUERIES = {
    "q1": "worn chain",
    "q2": "brake pads wear",
    "q3": "the chain the wax",
    "q4": "tyre pressure for a heavy rider",
    "q5": "winter",
}


def analyze(text):
    terms = [t.lower() for t in re.split(r"[\s.,;:'!?()-]+", text) if t]
    return [t for t in terms if t not in STOP]


docs = {d: analyze(f"{title} {text}" if title else text) for d, (title, text) in DOCS.items()}
N = len(docs)
avgdl = sum(len(t) for t in docs.values()) / N
df = {}
for terms in docs.values():
    for term in set(terms):
        df[term] = df.get(term, 0) + 1

out = {}
for q, text in QUERIES.items():
    scores = {}
    for d, terms in docs.items():
        s = 0.0
        for term in analyze(text):
            tf = terms.count(term)
            if tf == 0:
                continue
            idf = math.log(1 + (N - df[term] + 0.5) / (df[term] + 0.5))
            s += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(terms) / avgdl))
        if s > 0:
            scores[d] = s
    ranked = sorted(scores.items(), key=lambda x: x[0], reverse=True)
    ranked.sort(key=lambda x: x[1], reverse=True)
    out[q] = [[d, s] for d, s in ranked]
print(json.dumps({"k1": K1, "b": B, "stopWords": sorted(STOP), "documents": DOCS, "queries": QUERIES, "expected": out}, indent=1))
