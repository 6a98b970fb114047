"""Regenerate nbviz's bundled CSV datasets from the package files they were extracted from.

This script documents and reproduces the extraction; nbviz never runs or imports it (the app
reads only the CSV files beside it). It needs Python 3.11+ and nothing outside the standard
library. Fetch the source packages once (PyPI is the only network access needed) and point the
script at them; each option takes the wheel file itself or a directory it was unpacked into:

    pip download --no-deps --only-binary=:all: -d /tmp/dl \\
        scikit-learn==1.9.1 plotnine==0.15.9 palmerpenguins==0.1.6 gensim==4.4.0
    python resources/datasets/build_datasets.py \\
        --scikit-learn /tmp/dl/scikit_learn-1.9.1-*.whl --plotnine /tmp/dl/plotnine-0.15.9-*.whl \\
        --palmerpenguins /tmp/dl/palmerpenguins-0.1.6-*.whl --gensim /tmp/dl/gensim-4.4.0-*.whl

Any platform's wheel of scikit-learn or gensim will do: the data files in them do not depend on
the platform.

SOURCES.md beside this file says what each CSV is, where it comes from, its licence and the
SHA-256 of the shipped file; the script prints the same digests so a rebuild can be compared.
"""

from __future__ import annotations

import argparse
import ast
import bz2
import csv
import gzip
import hashlib
import html
import io
import math
import re
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter
from pathlib import Path

# ----------------------------------------------------------------------------------------------
# Reading a member of a wheel (or of an unpacked wheel) and writing compact CSV
# ----------------------------------------------------------------------------------------------


def read_member(source: Path, member: str) -> bytes:
    """Bytes of `member` (a path inside the package, e.g. 'sklearn/datasets/data/iris.csv')."""
    if source.is_dir():
        return (source / member).read_bytes()
    with zipfile.ZipFile(source) as wheel:
        return wheel.read(member)


def number(value: float) -> str:
    """Compact text for a number: integers without a decimal point, others as the shortest
    decimal that reads back as the same float (3.600 -> 3.6, 79.0 -> 79)."""
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"not a finite number: {value}")
    return str(int(value)) if value.is_integer() else repr(value)


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    """UTF-8, one header row, '\\n' line endings, fields quoted only where CSV needs it."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


# ----------------------------------------------------------------------------------------------
# The numeric datasets
# ----------------------------------------------------------------------------------------------


def build_faithful(plotnine: Path, out: Path) -> None:
    """Old Faithful (R's datasets::faithful) as shipped by plotnine: copied, numbers compacted."""
    text = read_member(plotnine, "plotnine/data/faithful.csv").decode("utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["eruptions", "waiting"] and len(rows) == 273, rows[0]
    write_csv(out / "faithful.csv", rows[0], [[number(v) for v in row] for row in rows[1:]])


def build_iris(sklearn: Path, out: Path) -> None:
    """Fisher's iris from scikit-learn: the first line is 'n_samples,n_features,class names...',
    every other line four measurements and a class index; the index becomes the species name."""
    lines = read_member(sklearn, "sklearn/datasets/data/iris.csv").decode("utf-8").split()
    n_samples, n_features, *species = lines[0].split(",")
    assert (int(n_samples), int(n_features)) == (150, 4), lines[0]
    rows = []
    for line in lines[1:]:
        *measurements, target = line.split(",")
        rows.append([number(v) for v in measurements] + [species[int(target)]])
    assert len(rows) == 150
    header = ["sepal_length", "sepal_width", "petal_length", "petal_width", "species"]
    write_csv(out / "iris.csv", header, rows)


PENGUIN_COLUMNS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def build_penguins(palmerpenguins: Path, out: Path) -> int:
    """Palmer penguins: the four body measurements and the species; rows missing any of the
    four measurements ('NA') are dropped. Returns the number of rows dropped."""
    text = read_member(palmerpenguins, "palmerpenguins/data/penguins.csv").decode("utf-8")
    records = list(csv.DictReader(io.StringIO(text)))
    rows = []
    for record in records:
        values = [record[c] for c in PENGUIN_COLUMNS]
        if any(v in ("", "NA") for v in values):
            continue
        rows.append([number(v) for v in values] + [record["species"]])
    write_csv(out / "penguins.csv", PENGUIN_COLUMNS + ["species"], rows)
    return len(records) - len(rows)


def build_digits(sklearn: Path, out: Path) -> None:
    """UCI optical digits (scikit-learn's copy of the test set, 1797 8x8 images with pixel
    counts 0..16) binarised at 8: pixel >= 8 -> 1, else 0. Column p{row}{col}, row-major."""
    packed = read_member(sklearn, "sklearn/datasets/data/digits.csv.gz")
    text = gzip.decompress(packed).decode("ascii")
    rows = []
    for line in text.split():
        values = [int(float(v)) for v in line.split(",")]
        pixels, digit = values[:64], values[64]
        assert len(values) == 65 and all(0 <= p <= 16 for p in pixels) and 0 <= digit <= 9
        rows.append([str(int(p >= 8)) for p in pixels] + [str(digit)])
    assert len(rows) == 1797
    header = [f"p{r}{c}" for r in range(8) for c in range(8)] + ["digit"]
    write_csv(out / "digits.csv", header, rows)


# ----------------------------------------------------------------------------------------------
# The bag-of-words corpus: paragraphs of Wikipedia articles on four distinct subjects
# ----------------------------------------------------------------------------------------------

WIKI_DUMP = ("gensim/test/test_data/"
             "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2")
STOP_WORDS_FILE = "sklearn/feature_extraction/_stop_words.py"

# Topic -> articles of the dump it is drawn from (in this order).
TOPICS = {
    "space": ["Apollo 8", "Apollo 11", "Astronaut"],
    "chemistry": ["Alkane", "Alkali metal", "Acid", "Atomic number"],
    "animals": ["Amphibian", "Aardvark", "Aardwolf", "Actinopterygii", "Anatomy"],
    "countries": ["Angola", "Andorra", "Aruba", "Albania"],
}
DOCS_PER_TOPIC = 75
MIN_WORDS, MAX_WORDS = 40, 150   # paragraph length, in whitespace-separated words
MIN_TOKEN_LENGTH = 3             # shorter words are not counted
MIN_DF = 10                      # a vocabulary word occurs in at least this many documents
WORDS_PER_TOPIC = 18             # most frequent words mostly (>= TOPIC_SHARE) found in one topic
TOPIC_SHARE = 0.6
GENERAL_WORDS = 8                # plus the most frequent words not tied to any one topic
MIN_COUNT = 3                    # documents with fewer vocabulary words in all are dropped
END_SECTIONS = {"see also", "references", "further reading", "external links", "notes",
                "bibliography", "sources", "footnotes", "citations", "notes and references"}
MEDIAWIKI = "{http://www.mediawiki.org/xml/export-0.10/}"


def read_articles(dump: bytes) -> dict[str, tuple[str, str]]:
    """Title -> (revision id, wikitext) of the articles (namespace 0) in a MediaWiki XML dump."""
    root = ET.fromstring(dump)
    articles = {}
    for page in root.iter(MEDIAWIKI + "page"):
        if page.findtext(MEDIAWIKI + "ns") == "0":
            revision = page.find(MEDIAWIKI + "revision")
            articles[page.findtext(MEDIAWIKI + "title")] = (
                revision.findtext(MEDIAWIKI + "id"), revision.findtext(MEDIAWIKI + "text") or "")
    return articles


def _link_text(match: re.Match) -> str:
    """[[target|label]] -> label, [[target]] -> target; files, categories and interlanguage
    links -> nothing."""
    inner = match.group(1)
    target = inner.split("|", 1)[0]
    prefix = target.split(":", 1)[0].strip().lower() if ":" in target else ""
    if prefix in {"file", "image", "media", "category"} or re.fullmatch(r"[a-z\-]{2,12}", prefix):
        return ""
    return inner.rsplit("|", 1)[-1]


def _remove_innermost(pattern: str, text: str, repl="", flags=0) -> str:
    """Apply a substitution until nothing changes (for nested {{...}}, {|...|} and [[...]])."""
    while True:
        new = re.sub(pattern, repl, text, flags=flags)
        if new == text:
            return text
        text = new


def wiki_to_text(wikitext: str) -> str:
    """A rough plain-text rendering of wikitext: enough for word counts, not for display."""
    s = re.sub(r"<!--.*?-->", "", wikitext, flags=re.DOTALL)
    s = re.sub(r"<ref[^>/]*/>", "", s)
    s = re.sub(r"<ref[^>]*>.*?</ref>", "", s, flags=re.DOTALL)
    for tag in ("math", "gallery", "timeline", "imagemap", "score", "chem", "ce", "code",
                "syntaxhighlight", "source"):
        s = re.sub(rf"<{tag}[^>]*>.*?</{tag}>", " ", s, flags=re.DOTALL | re.IGNORECASE)
    s = _remove_innermost(r"\{\{[^{}]*\}\}", s)                          # templates
    s = _remove_innermost(r"\{\|(?:(?!\{\|).)*?\|\}", s, flags=re.DOTALL)     # tables
    s = _remove_innermost(r"\[\[([^\[\]]*)\]\]", s, repl=_link_text)     # wiki links
    s = re.sub(r"\[(?:https?:)?//[^\s\]]+\s*([^\]]*)\]", r"\1", s)       # external links
    s = re.sub(r"'{2,}", "", s)                                          # bold, italics
    s = re.sub(r"<[^>]+>", "", s)                                        # other HTML tags
    return html.unescape(s)


def article_paragraphs(wikitext: str) -> list[str]:
    """The prose paragraphs of an article, up to its 'See also' / 'References' sections:
    lines that are not headings, lists, indented text, table rows or leftover image links."""
    paragraphs = []
    for line in wiki_to_text(wikitext).split("\n"):
        line = line.strip()
        heading = re.fullmatch(r"(=+)\s*(.*?)\s*=+", line)
        if heading:
            if heading.group(2).lower() in END_SECTIONS:
                break
            continue
        if line and line[0] not in "*#:;|!{}=_" and not line.startswith("[["):
            paragraphs.append(re.sub(r"\s+", " ", line))
    return paragraphs


def select_documents(articles) -> list[tuple[str, str, int, str]]:
    """(topic, article, paragraph number, text): DOCS_PER_TOPIC paragraphs of MIN_WORDS to
    MAX_WORDS words per topic, taken round-robin over the topic's articles (each article's
    paragraphs in order), then listed by topic, article and position."""
    documents = []
    for topic, titles in TOPICS.items():
        pools = []
        for title in titles:
            paragraphs = article_paragraphs(articles[title][1])
            pools.append([(topic, title, i, p) for i, p in enumerate(paragraphs)
                          if MIN_WORDS <= len(p.split()) <= MAX_WORDS])
        chosen = []
        while len(chosen) < DOCS_PER_TOPIC and any(pools):
            for pool in pools:
                if pool and len(chosen) < DOCS_PER_TOPIC:
                    chosen.append(pool.pop(0))
        assert len(chosen) == DOCS_PER_TOPIC, (topic, len(chosen))
        order = {title: k for k, title in enumerate(titles)}
        documents += sorted(chosen, key=lambda d: (order[d[1]], d[2]))
    return documents


def read_stop_words(sklearn: Path) -> frozenset[str]:
    """scikit-learn's ENGLISH_STOP_WORDS (318 words, from the Glasgow Information Retrieval
    Group's list), read from its source file without importing scikit-learn."""
    tree = ast.parse(read_member(sklearn, STOP_WORDS_FILE).decode("utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "ENGLISH_STOP_WORDS"):
            return frozenset(ast.literal_eval(node.value.args[0]))
    raise ValueError("ENGLISH_STOP_WORDS not found")


def tokenize(text: str, stop_words: frozenset[str]) -> list[str]:
    """Lower-cased runs of letters (digits, punctuation and apostrophes split words), at least
    MIN_TOKEN_LENGTH letters long, stop words removed. No stemming."""
    return [w for w in re.findall(r"[^\W\d_]+", text.lower())
            if len(w) >= MIN_TOKEN_LENGTH and w not in stop_words]


def merge_plurals(tokens: list[list[str]]) -> list[list[str]]:
    """A light stand-in for stemming: a word ending in 'ies' becomes the word ending in 'y', and
    a word ending in 's' (not 'ss') loses the 's', whenever that singular also occurs somewhere
    in the corpus ('amphibians' -> 'amphibian', 'bodies' -> 'body'; 'species' stays)."""
    seen = {w for doc in tokens for w in doc}

    def singular(w: str) -> str:
        if w.endswith("ies") and w[:-3] + "y" in seen:
            return w[:-3] + "y"
        if w.endswith("s") and not w.endswith("ss") and w[:-1] in seen:
            return w[:-1]
        return w

    return [[singular(w) for w in doc] for doc in tokens]


def choose_vocabulary(tokens: list[list[str]], topics: list[str]) -> list[str]:
    """Words in at least MIN_DF documents. For each topic, the WORDS_PER_TOPIC of them found in
    most of its documents among those whose documents are at least TOPIC_SHARE from that topic;
    then the GENERAL_WORDS most widespread of the rest. Sorted alphabetically."""
    df = Counter(w for doc in tokens for w in set(doc))
    df_topic = Counter((t, w) for doc, t in zip(tokens, topics, strict=True) for w in set(doc))
    candidates = sorted(w for w, n in df.items() if n >= MIN_DF)  # sorted: ties go alphabetically
    vocabulary = set()
    for topic in TOPICS:
        own = [w for w in candidates if df_topic[topic, w] >= TOPIC_SHARE * df[w]]
        own.sort(key=lambda w: -df_topic[topic, w])
        vocabulary.update(own[:WORDS_PER_TOPIC])
    general = [w for w in candidates
               if w not in vocabulary and max(df_topic[t, w] for t in TOPICS) < TOPIC_SHARE * df[w]]
    general.sort(key=lambda w: -df[w])
    vocabulary.update(general[:GENERAL_WORDS])
    return sorted(vocabulary)


def build_corpus(gensim: Path, sklearn: Path, out: Path) -> list[tuple[str, str, int, str]]:
    """corpus_documents.csv (id, topic, text) and corpus.csv (word counts, topic), row for row;
    paragraphs with fewer than MIN_COUNT vocabulary words in all are left out of both."""
    articles = read_articles(bz2.decompress(read_member(gensim, WIKI_DUMP)))
    documents = select_documents(articles)
    stop_words = read_stop_words(sklearn)
    tokens = merge_plurals([tokenize(text, stop_words) for _, _, _, text in documents])
    topics = [topic for topic, _, _, _ in documents]
    vocabulary = choose_vocabulary(tokens, topics)
    counts = [[bag[w] for w in vocabulary] for bag in map(Counter, tokens)]
    kept = [(doc, c) for doc, c in zip(documents, counts, strict=True) if sum(c) >= MIN_COUNT]
    write_csv(out / "corpus_documents.csv", ["id", "topic", "text"],
              [[str(i), topic, text] for i, ((topic, _, _, text), _) in enumerate(kept)])
    write_csv(out / "corpus.csv", vocabulary + ["topic"],
              [[str(n) for n in c] + [topic] for (topic, _, _, _), c in kept])
    print(f"corpus: {len(documents)} paragraphs chosen, {len(documents) - len(kept)} dropped "
          f"for having fewer than {MIN_COUNT} vocabulary words, {len(kept)} kept")
    return [(t, a, i, articles[a][0]) for i, ((t, a, _, _), _) in enumerate(kept)]


# ----------------------------------------------------------------------------------------------


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name in ("scikit-learn", "plotnine", "palmerpenguins", "gensim"):
        parser.add_argument(f"--{name}", type=Path, required=True,
                            help=f"the {name} wheel, or a directory it was unpacked into")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="where to write the CSV files (default: beside this script)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    build_faithful(args.plotnine, args.out)
    build_iris(args.scikit_learn, args.out)
    dropped = build_penguins(args.palmerpenguins, args.out)
    print(f"penguins: dropped {dropped} rows with missing measurements")
    build_digits(args.scikit_learn, args.out)
    documents = build_corpus(args.gensim, args.scikit_learn, args.out)
    ranges: dict[tuple[str, str, str], list[int]] = {}
    for topic, article, i, revision in documents:
        ranges.setdefault((topic, article, revision), []).append(i)
    for (topic, article, revision), ids in ranges.items():
        print(f"corpus: {topic:10s} ids {ids[0]:3d}-{ids[-1]:3d} ({len(ids):2d}) "
              f"{article!r} revision {revision}")
    for name in ("faithful.csv", "iris.csv", "penguins.csv", "digits.csv", "corpus.csv",
                 "corpus_documents.csv"):
        print(f"{sha256(args.out / name)}  {name}")


if __name__ == "__main__":
    main()
