"""The Spark job's two engines give the same objects, without Spark: `--engine python` (this package in the
worker) against `--engine cli` (an emotext process per partition), bad lines included."""

import subprocess
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "Integrations" / "spark"))
import emotext_job  # noqa: E402

POSTS = (ROOT / "Corpus" / "posts.txt").read_bytes()
# Lines the CLI rejects: not UTF-8 (the job's own check), malformed records, a malformed escape.
BAD_RECORDS = b'{"text":\n{"id":500}\n{"text":5}\nnot json\n{"text":"a[emoji:zz]"}\n{"text":"\\ud800"}\n{"text":"ok"}\n'


def both_engines(cli, name, content, command, extra):
    records = list(emotext_job.file_lines(name, content, "auto"))
    python = list(emotext_job.python_partition(iter(records), command, extra))
    process = list(emotext_job.run_partition(iter(records), [cli, command, "--jsonl"] + extra))
    return python, process


@pytest.mark.parametrize(
    "command, extra",
    [
        ("count", ["--rule", "twitter"]),
        ("truncate", ["--max", "7", "--rule", "graphemes", "--ellipsis", "…"]),
        ("parse", ["--entities", "--links", "twitter"]),
        ("encode-emoji", []),
        ("decode-emoji", ["--prefix", "<"]),
    ],
)
def test_the_engines_agree_on_text_and_records(cli, command, extra):
    content = POSTS + b"\xff starts badly\nlast [emoji:1f600]\n"
    python, process = both_engines(cli, "posts.txt", content, command, extra)
    assert len(python) == POSTS.count(b"\n") + 2
    assert python == process
    python, process = both_engines(cli, "records.jsonl", BAD_RECORDS, command, extra)
    assert sum('"error"' in line for line in python) >= 4
    assert python == process


def test_the_engines_agree_on_serialize(cli):
    documents = subprocess.run([cli, "parse", "--json"], input=POSTS, capture_output=True, check=True).stdout
    python, process = both_engines(cli, "documents.jsonl", documents + b'{"version":2}\nnope\n', "serialize", ["--nfc"])
    assert python == process
    assert '"error"' in python[-1]


def test_the_python_engine_refuses_what_it_cannot_run():
    with pytest.raises(ValueError, match="not 'roundtrip'"):
        emotext_job.python_answerer("roundtrip", [])
    with pytest.raises(ValueError, match="rule takes weibo"):
        emotext_job.python_answerer("count", ["--rule", "tweets"])
    with pytest.raises(ValueError):
        emotext_job.python_answerer("truncate", [])  # --max is required
