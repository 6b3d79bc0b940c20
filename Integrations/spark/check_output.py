"""Checks a Spark job's output against the single-process CLI, line for line (used by .ci/checks/spark.sh).

    python3 check_output.py --cli PATH --command NAME --output DIR --bad FILE:LINE,… INPUT… [-- extra CLI arguments]

For every input file: the lines not listed as bad are run through ONE `emotext COMMAND --jsonl` process (the
reference); the job must have written exactly one object per input line, that process's output for a good line
(with `"line"` and `"file"` appended) and an object with an `"error"` message for a bad line; the part files, read
in name order, must list the lines in input order.
"""

import argparse
import glob
import json
import os
import subprocess
import sys


def main(argv):
    split = argv.index("--") if "--" in argv else len(argv)
    argv, extra = argv[:split], argv[split + 1 :]
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--bad", default="", help="FILE:LINE pairs (file by base name) the job must report")
    parser.add_argument("inputs", nargs="+")
    options = parser.parse_args(argv)
    bad = {(item.rsplit(":", 1)[0], int(item.rsplit(":", 1)[1])) for item in options.bad.split(",") if item}

    parts = sorted(glob.glob(os.path.join(options.output, "part-*")))
    written = []
    for part in parts:
        with open(part, "rb") as handle:
            written += handle.read().decode("utf-8").splitlines()
    objects = [json.loads(line) for line in written]
    failures = []

    keys = [(os.path.basename(obj["file"]), obj["line"]) for obj in objects]
    if keys != sorted(keys):
        failures.append("the part files do not list the lines in (file, line) order")
    if len(set(keys)) != len(keys):
        failures.append("some lines were answered more than once")
    uris = {obj["file"] for obj in objects}

    total = 0
    for path in options.inputs:
        name = os.path.basename(path)
        uri = [u for u in uris if u.endswith("/" + name)]
        if len(uri) != 1 or os.path.abspath(uri[0].split(":", 1)[1]) != os.path.abspath(path):
            failures.append("%s: expected one \"file\" naming it, found %r" % (name, uri))
            continue
        with open(path, "rb") as handle:
            lines = handle.read().split(b"\n")
        if lines[-1] == b"":
            lines.pop()
        total += len(lines)
        good = [number for number in range(1, len(lines) + 1) if (name, number) not in bad]
        if name.endswith(".jsonl"):
            reference_input = b"".join(lines[number - 1] + b"\n" for number in good)
        else:
            reference_input = b"".join(
                json.dumps({"text": lines[number - 1].decode("utf-8")}, ensure_ascii=False).encode("utf-8") + b"\n"
                for number in good
            )
        reference = subprocess.run(
            [options.cli, options.command, "--jsonl"] + extra, input=reference_input, capture_output=True, check=True
        ).stdout.decode("utf-8").splitlines()
        if len(reference) != len(good):
            failures.append("%s: the reference CLI answered %d of %d lines" % (name, len(reference), len(good)))
            continue
        expected = {}
        for number, output in zip(good, reference):
            expected[number] = output[:-1] + ',"line":%d,"file":%s}' % (number, json.dumps(uri[0], ensure_ascii=False))
        answers = {obj["line"]: (line, obj) for line, obj in zip(written, objects) if obj["file"] == uri[0]}
        for number in range(1, len(lines) + 1):
            if number not in answers:
                failures.append("%s line %d: no output" % (name, number))
            elif (name, number) in bad:
                error = answers[number][1].get("error")
                if not isinstance(error, str) or not error:
                    failures.append("%s line %d: expected an error, found %s" % (name, number, answers[number][0]))
            elif answers[number][0] != expected[number]:
                failures.append(
                    "%s line %d:\n  expected %s\n  found    %s" % (name, number, expected[number], answers[number][0])
                )
        errors = sorted(n for n, (_, obj) in answers.items() if "error" in obj)
        print("%s: %d lines, %d errors (%s)" % (name, len(lines), len(errors), ", ".join(map(str, errors))))
        for number in errors:
            print("  line %d: %s" % (number, answers[number][1]["error"]))
    if len(objects) != total:
        failures.append("%d output objects for %d input lines" % (len(objects), total))
    for failure in failures[:20]:
        print("FAIL " + failure)
    if failures:
        print("%d failures" % len(failures))
        return 1
    print("%d lines in %d part files: equal to the single-process CLI" % (len(objects), len(parts)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
