"""The Python package against the CLI, on the same posts: in-process calls, the CLI started once per post, and the
CLI's batch mode (one process, JSON Lines in and out). Used for
Benchmarks/history/2026-12-batch-and-posts.md ("Issue 20").

    python3 Integrations/python/benchmark.py --cli PATH [--posts 10000] [--per-post-sample 300]

Every answer is checked equal to the CLI's before anything is timed. Run it with release builds (the library from
Integrations/c/build-library.sh, the CLI from Integrations/spark/build-binary.sh or swift build -c release).
"""

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# Note: in place of this script's folder, so `import emotext` finds the installed package (with its library), not
# the source folder beside this script.
sys.path[0] = str(Path(__file__).resolve().parent / "tests")
import emotext  # noqa: E402
from conftest import corpus_inputs  # noqa: E402

TASKS = {
    "count --jsonl": (["count", "--jsonl"], lambda text: emotext.count_json(text)),
    "parse --jsonl --entities": (
        ["parse", "--jsonl", "--entities"],
        lambda text: '{"text":%s,%s' % (emotext.dumps(text), emotext.parse_json(text, entities=True)[1:]),
    ),
}


def best_of(runs, body):
    """The shortest of `runs` wall-clock times of `body`, in seconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        body()
        times.append(time.perf_counter() - started)
    return min(times)


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--posts", type=int, default=10_000)
    parser.add_argument("--per-post-sample", type=int, default=300)
    options = parser.parse_args(argv)
    texts = corpus_inputs(options.posts)
    records = "".join(emotext.dumps({"text": text}) + "\n" for text in texts).encode("utf-8")
    print("%d posts (%d UTF-8 bytes), emotext %s" % (len(texts), len(records), emotext.version()))
    print("%-26s %-34s %12s %14s %8s" % ("task", "how", "seconds", "posts/s", "ratio"))
    for name, (arguments, python) in TASKS.items():
        reference = subprocess.run([options.cli] + arguments, input=records, capture_output=True, check=True).stdout
        assert reference.decode("utf-8").split("\n")[:-1] == [python(text) for text in texts], name

        in_process = best_of(3, lambda: [python(text) for text in texts])
        with ThreadPoolExecutor(max_workers=2) as pool:
            threaded = best_of(3, lambda: list(pool.map(python, texts, chunksize=256)))
        batch = best_of(3, lambda: subprocess.run([options.cli] + arguments, input=records, capture_output=True,
                                                  check=True))
        sample = records.split(b"\n")[: options.per_post_sample]
        per_post = best_of(1, lambda: [subprocess.run([options.cli] + arguments, input=line + b"\n",
                                                      capture_output=True, check=True) for line in sample])
        per_post *= len(texts) / len(sample)
        rows = [
            ("Python package, 1 thread", in_process),
            ("Python package, 2 threads", threaded),
            ("CLI batch (1 process)", batch),
            ("CLI per post (extrapolated)", per_post),
        ]
        for how, seconds in rows:
            print("%-26s %-34s %12.3f %14.0f %7.2fx" % (name, how, seconds, len(texts) / seconds,
                                                      seconds / in_process))


if __name__ == "__main__":
    main(sys.argv[1:])
