"""Runs an `emotext` batch command over text on a Spark cluster.

    spark-submit emotext_job.py --binary dist/emotext --input hdfs:///posts --output hdfs:///counts \
        --command count [-- --rule twitter]
    spark-submit emotext_job.py --engine python --input hdfs:///posts --output hdfs:///counts \
        --command count [-- --rule twitter]

Two engines give the same output objects. `--engine cli` (the default) streams each partition through an
`emotext` process, as described below. `--engine python` calls the engine inside the executor's Python worker
through the `emotext` Python package (Integrations/python: the C ABI, whose answers are the CLI's own bytes), no
subprocess: the package must be installed in the executors' Python (PYSPARK_PYTHON), and it runs count, truncate,
parse, serialize, encode-emoji and decode-emoji with the options the CLI takes for them.

Each input line is one post: a text file holds the post itself, a JSON Lines file (`.jsonl`, `.ndjson`) one
object with a `"text"` string (`--format` overrides the guess by extension). Each partition of
(file, line, post) records is streamed through ONE long-lived `emotext COMMAND --jsonl` process, so the
Swift engine does the work and Spark only distributes it; the binary is shipped to the executors with
`SparkContext.addFile`.

The output directory gets JSON Lines part files, one object per input line: what the CLI writes for the
command, plus `"line"` (1-based, in its input file) and `"file"`. The part files are ordered by (file, line),
so reading them in name order gives the input order. A line the CLI rejects (invalid UTF-8, a malformed
record or escape, a line over the CLI's limit) gives `{"error": message, "line": n, "file": f}` and the job
goes on: when the CLI stops at a bad line, the lines it had not answered go to a new process, so every input
line gets exactly one output object.

What the job relies on from the CLI: with `--jsonl` it writes one line per input line it read, in order, until
it either ends or stops at a bad line; a bad line is answered by an object with an `"error"` key or named on
stderr (`… <stdin>:N: …` or `… <stdin>:N:COLUMN: …`, N counting the lines that process read). A process that stops without naming a line is
retried with its first unanswered line alone, so that line is the one blamed only when it fails by itself.
Exit status 2 with no answer means the arguments were refused: the task fails.

Each input file is read whole by one task (`binaryFiles`, so bytes, BOMs and carriage returns reach the CLI
unchanged); split files larger than about a gigabyte before running the job.
"""

import argparse
import collections
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

JSONL_EXTENSIONS = (".jsonl", ".ndjson")


def parse_arguments(argv):
    """The job's options, and the extra CLI arguments after `--`."""
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1 :]
    else:
        extra = []
    parser = argparse.ArgumentParser(
        prog="emotext_job.py",
        description="Runs an emotext --jsonl command over every line of the input on Spark.",
        epilog="Arguments after -- go to the emotext command, e.g. -- --rule twitter.",
    )
    parser.add_argument(
        "--engine",
        choices=("cli", "python"),
        default="cli",
        help="cli (default): one emotext process per partition; python: the emotext Python package in the "
        + "executor's Python worker",
    )
    parser.add_argument(
        "--binary",
        help="the emotext executable: a local path or a URL Spark reads (hdfs://, s3a://, https://), or the name of "
        + "a file shipped with spark-submit --files",
    )
    parser.add_argument("--input", required=True, help="a file, directory or glob; several separated by commas")
    parser.add_argument("--output", required=True, help="the output directory (must not exist)")
    parser.add_argument("--command", required=True, help="count, truncate, parse, serialize, encode-emoji, …")
    parser.add_argument(
        "--format",
        choices=("auto", "text", "jsonl"),
        default="auto",
        help="text: one post per line; jsonl: one {\"text\": …} object per line; auto (default): jsonl for "
        + "files named *.jsonl or *.ndjson, text otherwise",
    )
    parser.add_argument(
        "--partitions", type=int, default=0, help="how many emotext processes in all (default: 2 per core)"
    )
    options = parser.parse_args(argv)
    if options.partitions < 0:
        parser.error("--partitions must be positive")
    if options.engine == "cli" and not options.binary:
        parser.error("--binary is required with --engine cli")
    if options.engine == "python":
        if options.binary:
            parser.error("--binary goes with --engine cli")
        try:
            python_answerer(options.command, extra)
        except ValueError as error:  # an unknown command or option, or one the engine refuses (emotext.Error)
            parser.error("--engine python: %s" % error)
    return options, extra


def python_answerer(command, extra):
    """For `--engine python`: the function from a record (the bytes the CLI would read) to the line
    `emotext COMMAND --jsonl EXTRA…` writes for it, built from the emotext package's answers (which are the
    CLI's own bytes). It raises emotext.Error for a line the CLI rejects, ValueError here for bad arguments."""
    import emotext

    parser = argparse.ArgumentParser(prog="emotext " + command, add_help=False)

    def fail(message):
        raise ValueError(message)

    parser.error = fail
    if command in ("count", "truncate", "parse", "serialize"):
        parser.add_argument("--catalog")
    if command in ("count", "truncate"):
        parser.add_argument("--rule", default="weibo")
    if command == "truncate":
        parser.add_argument("--max", type=int, required=True)
        parser.add_argument("--ellipsis", default="")
    if command == "parse":
        parser.add_argument("--entities", action="store_true")
        parser.add_argument("--links")
    if command == "serialize":
        parser.add_argument("--nfc", action="store_true")
    if command in ("encode-emoji", "decode-emoji"):
        parser.add_argument("--prefix", default="[emoji:")
        parser.add_argument("--separator", default="-")
        parser.add_argument("--suffix", default="]")
    if command not in ("count", "truncate", "parse", "serialize", "encode-emoji", "decode-emoji"):
        raise ValueError(
            "runs count, truncate, parse, serialize, encode-emoji and decode-emoji, not %r (use --engine cli)" % command
        )
    options = parser.parse_args(extra)
    if command == "parse" and options.links is not None and not options.entities:
        raise ValueError("--links goes with --entities")
    catalog = emotext.Catalog.load(options.catalog) if getattr(options, "catalog", None) else None

    # Note: a record is read by the engine itself, so a bad line's message is the CLI's.
    text_of = emotext.record_text

    def text_record(text):
        return '{"text":%s}' % emotext.dumps(text)

    if command == "count":
        answer = lambda record: emotext.count_json(text_of(record), options.rule, catalog=catalog)  # noqa: E731
    elif command == "truncate":
        answer = lambda record: text_record(  # noqa: E731
            emotext.truncate(text_of(record), options.max, options.rule, ellipsis=options.ellipsis, catalog=catalog)
        )
    elif command == "parse":

        def answer(record):
            text = text_of(record)
            document = emotext.parse_json(text, options.entities, options.links or "weibo", catalog=catalog)
            return '{"text":%s,%s' % (emotext.dumps(text), document[1:])

    elif command == "serialize":
        answer = lambda record: text_record(  # noqa: E731
            emotext.serialize(record.decode("utf-8"), options.nfc, catalog=catalog)
        )
    else:
        escape = emotext.encode_emoji if command == "encode-emoji" else emotext.decode_emoji
        answer = lambda record: text_record(  # noqa: E731
            escape(text_of(record), prefix=options.prefix, separator=options.separator, suffix=options.suffix)
        )
    answer(b'{"text":""}' if command != "serialize" else b'{"version":1,"runs":[]}')  # refuses bad options now
    return answer


# What the C ABI says at a byte of the text ("byte N: malformed emoji escape: …"), and what the CLI says for the
# same line with --jsonl, where the offset is in the record's "text" (`malformed emoji escape at byte N of "text"`).
ESCAPE_PROBLEM = re.compile(r"^byte (\d+): malformed emoji escape: ")


def python_partition(records, command, extra):
    """`--engine python`: every record's output object, in order, answered in this process."""
    import emotext

    answer = python_answerer(command, extra)
    for path, number, (payload, problem) in records:
        if payload is None:
            yield error_record(problem, path, number)
            continue
        try:
            output = answer(payload)
        except emotext.Error as error:
            message = ESCAPE_PROBLEM.sub(lambda m: 'malformed emoji escape at byte %s of "text": ' % m.group(1),
                                         error.message)
            yield error_record(message, path, number)
            continue
        yield output[: output.rindex("}")] + ',"line":%d,"file":%s}' % (number, json.dumps(path, ensure_ascii=False))


def file_lines(path, content, input_format):
    """The (file, line, record) triples of one file: the record is the CLI input line, or an error message.

    Lines end at LF only; a CR before it stays in the post, as in the CLI.
    """
    is_jsonl = input_format == "jsonl" or (input_format == "auto" and path.lower().endswith(JSONL_EXTENSIONS))
    lines = bytes(content).split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as error:
            yield (path, number, (None, "byte %d: invalid UTF-8 (byte 0x%02X)" % (error.start, line[error.start])))
            continue
        if is_jsonl:
            yield (path, number, (line, None))
        else:
            record = json.dumps({"text": text}, ensure_ascii=False, separators=(",", ":"))
            yield (path, number, (record.encode("utf-8"), None))


# The location the CLI puts before a message about its input, FILE:LINE[:COLUMN] (COLUMN a 1-based byte):
# `emotext count: <stdin>:3: …` or `emotext decode-emoji: <stdin>:3:2: …`.
LOCATION = re.compile(r"<stdin>:(\d+)(?::(\d+))?: ")


def error_record(message, path, number):
    """The output object for a line that has no answer but an error."""
    return json.dumps({"error": message, "line": number, "file": path}, ensure_ascii=False, separators=(",", ":"))


def answer_record(output, path, number):
    """The CLI's object for a line with `"line"` and `"file"` added, its own bytes kept as they are."""
    try:
        value = json.loads(output)
    except ValueError:
        return error_record("emotext wrote a line that is not JSON: %r" % output[:200], path, number)
    if not isinstance(value, dict):
        return error_record("emotext wrote a JSON value that is not an object: %r" % output[:200], path, number)
    if "error" in value:
        message = value["error"] if isinstance(value["error"], str) else json.dumps(value["error"])
        value = dict(value, error=strip_location(message), line=number, file=path)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if not value or "line" in value or "file" in value:
        value = dict(value, line=number, file=path)
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return output[: output.rindex("}")] + ',"line":%d,"file":%s}' % (number, json.dumps(path, ensure_ascii=False))


def strip_location(message):
    """A CLI message without its program name and stdin location (which name the process's input, not the file)."""
    message = message.strip().splitlines()[-1] if message.strip() else ""
    match = LOCATION.search(message)
    if not match:
        return message
    rest = message[match.end() :]
    # Note: the column becomes the 0-based "byte N" this job writes for the invalid UTF-8 it finds itself.
    return "byte %d: %s" % (int(match.group(2)) - 1, rest) if match.group(2) else rest


class EmotextProcess:
    """One `emotext COMMAND --jsonl` process fed from `records` by a writer thread."""

    def __init__(self, arguments, records, limit=None):
        self.process = subprocess.Popen(
            arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 16
        )
        # Records taken from `records`, in order, not yet answered (sent ones, and ones with an error already).
        self.pending = collections.deque()
        self.stderr = b""
        self.answered = 0  # lines the process answered (its own error objects included)
        self.status = None
        self.writer = threading.Thread(target=self._write, args=(records, limit), daemon=True)
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.writer.start()
        self.reader.start()

    def _write(self, records, limit):
        sent = 0
        try:
            for record in records:
                # Appended before it is written, so an answer always finds its record here.
                self.pending.append(record)
                payload, _ = record[2]
                if payload is not None:
                    self.process.stdin.write(payload + b"\n")
                    sent += 1
                    if limit is not None and sent >= limit:
                        break
            self.process.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass  # the process ended: what it did not answer stays in `pending`

    def _read_stderr(self):
        tail = bytearray()
        for chunk in iter(lambda: self.process.stderr.read(1 << 16), b""):
            tail += chunk
            del tail[: max(0, len(tail) - (1 << 16))]
        self.process.stderr.close()
        self.stderr = bytes(tail)

    def answers(self):
        """The output object of every line the process answers, in order; when it ends, the process has ended."""
        for raw in self.process.stdout:
            if not raw.endswith(b"\n"):
                break  # cut off: not an answer
            yield from self.take_errors()
            if not self.pending:
                raise RuntimeError("emotext wrote more answers than it was given lines: %r" % raw[:200])
            path, number, _ = self.pending.popleft()
            self.answered += 1
            yield answer_record(raw[:-1].decode("utf-8", "replace"), path, number)
        self.process.stdout.close()
        self.status = self.process.wait()
        self.writer.join()
        self.reader.join()
        yield from self.take_errors()

    def take_errors(self):
        """The error objects of pre-checked lines at the head of the queue."""
        while self.pending and self.pending[0][2][0] is None:
            path, number, (_, message) = self.pending.popleft()
            yield error_record(message, path, number)

    def kill(self):
        """Ends the process if it still runs (the consumer stopped early) and waits for the threads."""
        if self.process.poll() is None:
            self.process.kill()
        self.status = self.process.wait()
        self.process.stdout.close()
        self.writer.join()
        self.reader.join()
        try:
            self.process.stdin.close()
        except OSError:
            pass  # the unwritten rest of a line the process did not read


def failure_message(process):
    """What the CLI said when it stopped, without the location of its own input."""
    text = process.stderr.decode("utf-8", "replace").strip()
    if text:
        return strip_location(text)
    if process.status < 0:
        return "emotext was killed by signal %d" % -process.status
    return "emotext stopped with status %d without answering this line" % process.status


def run_partition(records, arguments):
    """Every record's output object, in order: one long-lived process, restarted only after a bad line."""
    source = iter(records)
    retry = collections.deque()  # records a stopped process did not answer, to send before the rest
    probe = False  # send one record alone, to learn whether it is the one the CLI stops at
    while True:
        first = retry.popleft() if retry else next(source, None)
        if first is None:
            return
        if first[2][0] is None:  # a pre-checked error: no process needed
            yield error_record(first[2][1], first[0], first[1])
            continue
        process = EmotextProcess(arguments, _chain(first, retry, source), limit=1 if probe else None)
        try:
            yield from process.answers()
        finally:
            process.kill()
        # What the process took and did not answer, then what it never took (a probe takes one), in input order.
        unanswered = list(process.pending)
        sent = [i for i, record in enumerate(unanswered) if record[2][0] is not None]
        if not sent:
            retry.extendleft(reversed(unanswered))
            probe = False
            continue
        if process.answered == 0 and process.status == 2:
            said = process.stderr.decode("utf-8", "replace").strip().splitlines() or ["(nothing on stderr)"]
            raise RuntimeError("emotext refused the arguments %r: %s" % (arguments[1:], said[0]))
        # Which line did it stop at? The CLI names it, counting the lines this process read.
        blamed = None
        match = LOCATION.search(process.stderr.decode("utf-8", "replace"))
        if match:
            offset = int(match.group(1)) - process.answered - 1
            if 0 <= offset < len(sent):
                blamed = sent[offset]
        if blamed is None and process.answered == 0 and (probe or len(sent) == 1):
            blamed = sent[0]
        if blamed is not None:
            path, number, _ = unanswered[blamed]
            unanswered[blamed] = (path, number, (None, failure_message(process)))
        # No line named and no progress: send the first unanswered line alone next time.
        probe = blamed is None and process.answered == 0
        retry.extendleft(reversed(unanswered))


def _chain(first, retry, source):
    """`first`, then `retry` drained from the front, then `source`: what the writer sends.

    Not `yield from source`: when a stopped process's writer drops this generator, closing it must not close
    the partition's iterator, which the next process goes on reading.
    """
    yield first
    while retry:
        yield retry.popleft()
    for record in source:
        yield record


def executable(name):
    """The path of the binary shipped with the job, made executable if the copy lost its mode."""
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    if not os.path.exists(path) and os.path.exists(name):
        path = os.path.abspath(name)  # shipped with --files on YARN: in the container's working directory
    if not os.access(path, os.X_OK):
        try:
            os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError:
            copy = os.path.join(tempfile.mkdtemp(prefix="emotext-"), name)
            shutil.copy(path, copy)
            os.chmod(copy, 0o755)
            path = copy
    return path


def main(argv):
    options, extra = parse_arguments(argv)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("emotext " + options.command).getOrCreate()
    context = spark.sparkContext
    command, input_format = options.command, options.format
    partitions = options.partitions or 2 * context.defaultParallelism
    if options.engine == "python":

        def process_partition(records):
            return python_partition(records, command, extra)

    else:
        name = os.path.basename(options.binary.rstrip("/"))
        # Sent with spark-submit --files already? (On YARN that is spark.yarn.dist.files, in each container's folder.)
        shipped = ",".join(context.getConf().get(key, "") for key in ("spark.files", "spark.yarn.dist.files"))
        if not any(os.path.basename(path.rstrip("/")) == name for path in shipped.split(",") if path):
            context.addFile(options.binary)

        def process_partition(records):
            arguments = [executable(name), command, "--jsonl"] + extra
            return run_partition(records, arguments)

    lines = context.binaryFiles(options.input).flatMap(lambda item: file_lines(item[0], item[1], input_format))
    ordered = lines.sortBy(lambda record: (record[0], record[1]), numPartitions=partitions)
    ordered.mapPartitions(process_partition).saveAsTextFile(options.output)
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
