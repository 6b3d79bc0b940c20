"""Shared fixtures: the corpus inputs and the reference CLI."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def corpus_inputs(count=10_000):
    """`count` posts built from Corpus/posts.txt: its posts (284 in this repository), then pairs of them joined
    by a space, in a fixed order, so the inputs cover every post and how posts combine (mentions after
    emoticons, URLs before flags, …)."""
    lines = (ROOT / "Corpus" / "posts.txt").read_bytes().split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    posts = [line.decode("utf-8") for line in lines]
    inputs = list(posts)
    step = 0
    while len(inputs) < count:
        step += 1
        for index, post in enumerate(posts):
            if len(inputs) == count:
                break
            inputs.append(post + " " + posts[(index * 7 + step * 13) % len(posts)])
    return inputs[:count]


@pytest.fixture(scope="session")
def cli():
    """The `emotext` executable the Python results are compared with: EMOTEXT_CLI, else .build/debug/emotext."""
    path = os.environ.get("EMOTEXT_CLI") or str(ROOT / ".build" / "debug" / "emotext")
    if not os.access(path, os.X_OK):
        pytest.skip("no emotext CLI at %s (set EMOTEXT_CLI)" % path)
    return path


@pytest.fixture(scope="session")
def run_cli(cli):
    """Runs `emotext ARGUMENTS` on stdin bytes and returns stdout bytes (it must succeed)."""

    def run(arguments, stdin):
        return subprocess.run([cli] + arguments, input=stdin, capture_output=True, check=True).stdout

    return run
