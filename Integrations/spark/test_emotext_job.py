"""The job's per-partition logic against fake CLIs that stop, lose answers, crash or go on at a bad line.

    python3 -m unittest discover -s Integrations/spark -p 'test_*.py'     # no Spark needed
"""

import json
import sys
import unittest

import emotext_job

# A fake `emotext … --jsonl`: echoes each record; a record containing BAD is a bad line, handled as MODE says.
FAKE_CLI = r"""
import json, os, signal, sys
mode = sys.argv[1]
if mode == "usage":
    sys.stderr.write("emotext count: unknown option '--bogus'\n\nusage: emotext count …\n")
    sys.exit(2)
batch, number, failed = [], 0, False
def flush():
    sys.stdout.write("".join(batch)); sys.stdout.flush(); batch.clear()
for line in sys.stdin:
    number += 1
    if "BAD" not in line:
        batch.append(line)
        if len(batch) == 4 or mode == "objects":
            flush()
        continue
    if mode == "lossy":          # the answers of the current batch are lost; stderr names the line
        sys.stderr.write("emotext count: <stdin>:%d: a bad post\n" % number)
        sys.exit(1)
    if mode == "crash":          # no message, answers of the current batch lost
        os.kill(os.getpid(), signal.SIGSEGV)
    flush()
    sys.stdout.write(json.dumps({"error": "<stdin>:%d: a bad post" % number, "line": number}) + "\n")
    sys.stdout.flush()
    if mode == "stop-object":    # an error object, then it stops
        sys.exit(1)
    failed = True                # "objects": an error object, and it goes on
flush()
sys.exit(1 if failed else 0)
"""


def records(bad, checked):
    """30 records of one file; `bad` lines contain BAD, `checked` ones failed the job's own UTF-8 check."""
    for number in range(1, 31):
        if number in checked:
            yield ("f.txt", number, (None, "byte 0: invalid UTF-8 (byte 0xFF)"))
        else:
            text = "post %d%s" % (number, " BAD" if number in bad else "")
            yield ("f.txt", number, (json.dumps({"text": text}).encode(), None))


class RunPartitionTests(unittest.TestCase):
    bad = {1, 7, 8, 30}
    checked = {15, 16}

    def run_fake(self, mode):
        arguments = [sys.executable, "-c", FAKE_CLI, mode]
        return [json.loads(line) for line in emotext_job.run_partition(records(self.bad, self.checked), arguments)]

    def assert_every_line_once(self, outputs):
        self.assertEqual([output["line"] for output in outputs], list(range(1, 31)))
        for output in outputs:
            self.assertEqual(output["file"], "f.txt")
            if output["line"] in self.bad:
                self.assertEqual(output["error"], "a bad post")
            elif output["line"] in self.checked:
                self.assertEqual(output["error"], "byte 0: invalid UTF-8 (byte 0xFF)")
            else:
                self.assertEqual(output["text"], "post %d" % output["line"])
                self.assertNotIn("error", output)

    def test_a_cli_that_loses_the_answers_before_a_bad_line(self):
        self.assert_every_line_once(self.run_fake("lossy"))

    def test_a_cli_that_writes_an_error_object_and_goes_on(self):
        self.assert_every_line_once(self.run_fake("objects"))

    def test_a_cli_that_writes_an_error_object_and_stops(self):
        self.assert_every_line_once(self.run_fake("stop-object"))

    def test_a_cli_that_crashes_without_a_message(self):
        outputs = self.run_fake("crash")
        self.assertEqual([output["line"] for output in outputs], list(range(1, 31)))
        errors = {output["line"] for output in outputs if "error" in output}
        self.assertEqual(errors, self.bad | self.checked)
        for output in outputs:
            if output["line"] in self.bad:
                self.assertEqual(output["error"], "emotext was killed by signal 11")

    def test_a_restart_does_not_close_the_partition_iterator(self):
        # Enough lines to fill the pipe, so the writer is inside the source when the process stops.
        def source():
            for number in range(1, 20001):
                text = "post %d%s" % (number, " BAD" if number in (2, 3000) else "")
                yield ("f.txt", number, (json.dumps({"text": text}).encode(), None))

        outputs = emotext_job.run_partition(source(), [sys.executable, "-c", FAKE_CLI, "lossy"])
        lines = [json.loads(output)["line"] for output in outputs]
        self.assertEqual(lines, list(range(1, 20001)))

    def test_arguments_the_cli_refuses_fail_the_task(self):
        with self.assertRaisesRegex(RuntimeError, "unknown option '--bogus'"):
            self.run_fake("usage")

    def test_lines_end_at_lf_keep_cr_and_invalid_utf8_is_an_error(self):
        lines = list(emotext_job.file_lines("a.txt", b"\xef\xbb\xbfa\r\n\xffb\nc", "auto"))
        self.assertEqual(
            lines,
            [
                ("a.txt", 1, ('{"text":"\ufeffa\\r"}'.encode(), None)),
                ("a.txt", 2, (None, "byte 0: invalid UTF-8 (byte 0xFF)")),
                ("a.txt", 3, (b'{"text":"c"}', None)),
            ],
        )
        self.assertEqual(list(emotext_job.file_lines("b.jsonl", b'{"text":"x"}\n', "auto")),
                         [("b.jsonl", 1, (b'{"text":"x"}', None))])
        self.assertEqual(list(emotext_job.file_lines("c.txt", b"", "auto")), [])

    def test_answers_keep_the_cli_bytes(self):
        self.assertEqual(
            emotext_job.answer_record('{"text":"好","weighted":1}', "f", 3),
            '{"text":"好","weighted":1,"line":3,"file":"f"}',
        )


if __name__ == "__main__":
    unittest.main()
