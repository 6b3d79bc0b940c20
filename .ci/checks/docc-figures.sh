#!/usr/bin/env bash
# The fuzzing article's figures against the scripts they describe: the number of libFuzzer targets (in words, every
# time the article says it) and the target table's first column against Fuzz/run.sh --list, and the number of
# deliberate bugs against Fuzz/mutants.sh --list. Fails, naming the figure, when the article drifts from the scripts
# or when either script lists nothing. Under a second.
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=$(bash Fuzz/run.sh --list)
mutants=$(bash Fuzz/mutants.sh --list)
TARGETS=$targets MUTANTS=$mutants python3 - Sources/Emotext/Emotext.docc/BenchmarksAndFuzzing.md <<'PY'
import os
import re
import sys

article_path = sys.argv[1]
article = open(article_path, encoding="utf-8").read()
targets = os.environ["TARGETS"].split()
mutants = os.environ["MUTANTS"].split()
failures = []
if not targets or not mutants:
    sys.exit("docc-figures: Fuzz/run.sh --list or Fuzz/mutants.sh --list listed nothing")

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
    "seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n):
    """n in English words as the article writes it (0–99: "eighteen", "fifty-eight")."""
    if n < 20:
        return ONES[n]
    return TENS[n // 10] + ("" if n % 10 == 0 else "-" + ONES[n % 10])


def number(text):
    """The number `text` names, in digits or in words."""
    text = text.lower()
    if text.isdigit():
        return int(text)
    for n in range(100):
        if words(n) == text:
            return n
    return None


said = re.findall(r"\b([A-Za-z-]+|\d+) libFuzzer targets", article)
if not said:
    failures.append("the article does not say how many libFuzzer targets there are")
for figure in said:
    if number(figure) != len(targets):
        failures.append(f'the article says "{figure} libFuzzer targets"; Fuzz/run.sh --list has {len(targets)}')

table = re.findall(r"^\| `([A-Za-z]+)` +\|", article, flags=re.M)
if table != targets:
    failures.append(f"the article's target table lists {table}; Fuzz/run.sh --list has {targets}")

said = re.findall(r"\b([A-Za-z-]+|\d+)\s+deliberate bugs", article)
if not said:
    failures.append("the article does not say how many deliberate bugs Fuzz/mutants.sh applies")
for figure in said:
    if number(figure) != len(mutants):
        failures.append(f'the article says "{figure} deliberate bugs"; Fuzz/mutants.sh --list has {len(mutants)}')

for failure in failures:
    print(f"docc-figures: {article_path}: {failure}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f"docc-figures: ok ({len(targets)} targets, {len(mutants)} mutants)")
PY
