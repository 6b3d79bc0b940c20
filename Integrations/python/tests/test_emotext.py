"""Tests of the `emotext` Python package: each function against the CLI's answers, the errors, threads, and
10,000 corpus inputs compared with the CLI byte for byte."""

import json
import re
import sys
import types
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import emotext
from conftest import ROOT, corpus_inputs

POST = "今天好开心[哈哈]👍🏽 @小明 #春天# https://weibo.com"


def test_count_is_the_cli_record():
    counts = emotext.count(POST)
    assert counts == emotext.Counts(text=POST, rule="weibo", weighted=29, utf16=37, scalars=35, graphemes=34)
    assert (counts.weighted, counts["graphemes"]) == (29, 34)
    assert counts._asdict() == {
        "text": POST, "rule": "weibo", "weighted": 29, "utf16": 37, "scalars": 35, "graphemes": 34,
    }
    assert emotext.count(POST, rule="twitter")["weighted"] == 55
    assert emotext.dumps(emotext.count("a\x00b", "scalars")) == (
        '{"text":"a\\u0000b","rule":"scalars","weighted":3,"utf16":3,"scalars":3,"graphemes":3}'
    )


def test_truncate():
    assert emotext.truncate("今天好开心[哈哈]👨‍👩‍👧 真的", 5, rule="graphemes", ellipsis="…") == "今天好开…"
    assert emotext.truncate("短", 140) == "短"
    assert emotext.truncate("ab\x00cd", 3, "utf16") == "ab\x00"


def test_parse_with_and_without_entities():
    assert emotext.parse("好[哈哈]") == {"version": 1, "runs": [{"text": "好"}, {"emoticon": "[哈哈]"}]}
    assert emotext.parse("@小明 看 example.com", entities=True)["runs"] == [
        {"text": "@小明", "entity": "mention"}, {"text": " 看 example.com"},
    ]
    assert emotext.parse("@小明 看 example.com", entities=True, links="twitter")["runs"][-1] == {
        "text": "example.com", "entity": "link",
    }


def test_serialize_round_trips_and_normalizes():
    assert emotext.serialize(emotext.parse(POST, entities=True)) == POST
    assert emotext.serialize('{"version":1,"runs":[{"text":"e\\u0301"}]}', nfc=True) == "\u00e9"


def test_emoji_escapes():
    assert emotext.encode_emoji("一家👨‍👩‍👧 🇨🇳") == "一家[emoji:1f468-200d-1f469-200d-1f467] [emoji:1f1e8-1f1f3]"
    assert emotext.encode_emoji("👍", prefix="<", separator="+", suffix=">") == "<1f44d>"
    assert emotext.decode_emoji("<1f44d-1f3fd>", prefix="<", suffix=">") == "👍🏽"


def test_render_html_options():
    assert emotext.render_html("好 @小明") == (
        '好 <bdi><a class="mention" href="https://weibo.com/n/%E5%B0%8F%E6%98%8E">@小明</a></bdi>'
    )
    assert emotext.render_html("@a <b>", mention_url="/u/{name}", no_images=True) == (
        '<bdi><a class="mention" href="/u/a">@a</a></bdi> &lt;b&gt;'
    )
    page = emotext.render_html("x", page=True, title="T")
    assert page.startswith("<!DOCTYPE html>") and "<title>T</title>" in page


def test_editor_answers_as_emotext_edit():
    editor = emotext.Editor()
    assert emotext.dumps(editor.apply({"insert": "好[哈哈]"})) == (
        '{"text":"好[哈哈]","selection":[2,0],"utf16Length":2,"graphemes":2,"runs":[{"text":"好"},'
        '{"emoticon":"[哈哈]"}],"change":[0,0,2]}'
    )
    with pytest.raises(emotext.CommandError, match=r"selection \[0, 9\] is out of range"):
        editor.apply({"select": [0, 9]})
    assert editor.apply({"backspace": 1})["text"] == "好"
    editor.close()
    with pytest.raises(emotext.Error, match="closed"):
        editor.apply({"insert": "x"})


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: emotext.count("x", rule="tweets"), emotext.InvalidArgumentError,
         "rule takes weibo, twitter, utf16, scalars or graphemes, not 'tweets'"),
        (lambda: emotext.truncate("abc", 1, "graphemes", ellipsis="..."), emotext.InvalidArgumentError,
         "ellipsis '...' is 3 long by the graphemes rule, longer than maximum 1"),
        (lambda: emotext.truncate("abc", -1), emotext.InvalidArgumentError,
         "maximum must be a whole number from 0 to 2147483647, not -1"),
        (lambda: emotext.parse("x", entities=True, links="bing"), emotext.InvalidArgumentError,
         "links takes weibo or twitter, not 'bing'"),
        (lambda: emotext.serialize('{"version":2,"runs":[]}'), emotext.InvalidInputError,
         "version: unsupported version 2 (expected 1)"),
        (lambda: emotext.decode_emoji("a[emoji:zz]"), emotext.InvalidInputError,
         "byte 1: malformed emoji escape: 'zz' is not a Unicode scalar in hex"),
        (lambda: emotext.encode_emoji("a", prefix=""), emotext.InvalidArgumentError,
         "invalid escape format: the prefix, separator and suffix must not be empty"),
        (lambda: emotext.render_html("x", title="T"), emotext.InvalidArgumentError, "title goes with page"),
        (lambda: emotext.render_html("x", topic_url="javascript:{topic}"), emotext.InvalidArgumentError,
         "topic_url 'javascript:{topic}' is not allowed: links must be http: or https: URLs, or relative ones"),
        (lambda: emotext.Editor().apply({"jump": 1}), emotext.CommandError, 'unknown command "jump"'),
        (lambda: emotext.Catalog.load("/nonexistent/catalog.json"), emotext.CatalogError,
         "cannot load catalog /nonexistent/catalog.json: "),
    ],
)
def test_errors_carry_the_engine_message(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert raised.value.message.startswith(message)
    assert isinstance(raised.value, emotext.Error)


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        emotext.count(b"bytes")
    with pytest.raises(TypeError):
        emotext.count("x", catalog="default")


def test_record_text_reads_a_record_as_the_cli():
    assert emotext.record_text('{"id": 1, "text": "好[哈哈]\\u00e9"}') == "好[哈哈]é"
    assert emotext.record_text(b'{"text":"a"}') == "a"
    with pytest.raises(emotext.InvalidInputError, match="^byte 8: not a record .*expected a JSON value"):
        emotext.record_text('{"text":')
    with pytest.raises(emotext.InvalidInputError, match="invalid UTF-8"):
        emotext.record_text(b'{"text":"\xff"}')


def test_catalogs():
    bundle = ROOT / "Tests" / "Fixtures" / "catalogs" / "tutorial-quirks"
    loaded = emotext.Catalog.load(bundle)
    assert emotext.count("a", catalog=loaded)["graphemes"] == 1
    default = emotext.Catalog.default()
    assert emotext.parse("[哈哈]", catalog=default) == emotext.parse("[哈哈]")
    editor = emotext.Editor(catalog=default)
    del default
    assert editor.apply({"emoticon": "[哈哈]"})["runs"] == [{"emoticon": "[哈哈]"}]
    # the constructor takes a path or nothing, never a raw handle
    assert emotext.Document("[嘻嘻]", catalog=emotext.Catalog()).runs[0].kind == "emoticon"
    assert emotext.Document("[嘻嘻]", catalog=emotext.Catalog(bundle)).runs[0].kind == "text"
    with pytest.raises(TypeError):
        emotext.Catalog(12345)


def answers(text, catalog):
    """Every function's answer for one post."""
    document = emotext.parse(text, entities=True, catalog=catalog)
    return (
        emotext.count(text, catalog=catalog),
        emotext.count(text, "twitter", catalog=catalog),
        emotext.truncate(text, 20, "graphemes", ellipsis="…", catalog=catalog),
        document,
        emotext.serialize(document, catalog=catalog),
        emotext.decode_emoji(emotext.encode_emoji(text)),
        emotext.render_html(text, catalog=catalog),
    )


def test_a_thread_pool_gets_the_single_threaded_answers():
    catalog = emotext.Catalog.default()
    texts = corpus_inputs(2_000)
    expected = [answers(text, catalog) for text in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(lambda text: answers(text, catalog), texts)) == expected

    def edit(text):
        with emotext.Editor(catalog) as editor:
            return [editor.apply({"insert": text}), editor.apply({"backspace": 2}), editor.apply({"undo": 1})]

    single = [edit(text) for text in texts[:300]]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(edit, texts[:300])) == single


def test_one_editor_shared_by_threads_applies_every_command_once():
    editor = emotext.Editor()
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda _: editor.apply({"insert": "好"}), range(400)))
    assert editor.apply({"move": "end"})["utf16Length"] == 400


def cli_lines(run_cli, arguments, stdin):
    output = run_cli(arguments, stdin).decode("utf-8")
    assert output.endswith("\n")
    return output[:-1].split("\n")


def test_10000_corpus_inputs_equal_the_cli_byte_for_byte(run_cli):
    texts = corpus_inputs(10_000)
    assert len(texts) == 10_000
    records = "".join(emotext.dumps({"text": text}) + "\n" for text in texts).encode("utf-8")

    def check(arguments, python):
        reference = cli_lines(run_cli, arguments, records)
        assert len(reference) == len(texts)
        mismatches = [(text, line) for text, line in zip(texts, reference) if python(text) != line]
        assert not mismatches, "%s: %d mismatches, first %r" % (" ".join(arguments), len(mismatches), mismatches[0])

    for rule in ("weibo", "twitter", "graphemes"):
        check(["count", "--jsonl", "--rule", rule], lambda text: emotext.dumps(emotext.count(text, rule)))
    check(
        ["truncate", "--jsonl", "--max", "12", "--rule", "weibo", "--ellipsis", "…"],
        lambda text: emotext.dumps({"text": emotext.truncate(text, 12, ellipsis="…")}),
    )
    check(["encode-emoji", "--jsonl"], lambda text: emotext.dumps({"text": emotext.encode_emoji(text)}))
    # parse --jsonl writes {"text": post, "version": 1, "runs": […]}: the post, then parse's document members.
    check(["parse", "--jsonl"], lambda text: emotext.dumps(dict({"text": text}, **emotext.parse(text))))
    check(
        ["parse", "--jsonl", "--entities"],
        lambda text: emotext.dumps(dict({"text": text}, **emotext.parse(text, entities=True))),
    )

    # serialize and decode-emoji read what parse and encode-emoji wrote.
    documents = [emotext.parse(text, entities=True) for text in texts]
    reference = cli_lines(run_cli, ["serialize", "--jsonl", "--nfc"],
                          "".join(emotext.dumps(d) + "\n" for d in documents).encode("utf-8"))
    assert reference == [emotext.dumps({"text": emotext.serialize(d, nfc=True)}) for d in documents]
    escaped = [emotext.encode_emoji(text) for text in texts]
    reference = cli_lines(run_cli, ["decode-emoji", "--jsonl"],
                          "".join(emotext.dumps({"text": e}) + "\n" for e in escaped).encode("utf-8"))
    assert reference == [emotext.dumps({"text": emotext.decode_emoji(e)}) for e in escaped]

    # render --html reads text lines (no --jsonl): one fragment per line.
    lines = "".join(text + "\n" for text in texts).encode("utf-8")
    for options, arguments in (({}, []), ({"no_images": True, "topic_url": "/t/{topic}"},
                                          ["--no-images", "--topic-url", "/t/{topic}"])):
        reference = run_cli(["render", "--html"] + arguments, lines).decode("utf-8")
        assert reference == "".join(emotext.render_html(text, **options) + "\n" for text in texts)


def test_the_editor_equals_emotext_edit_on_corpus_posts(run_cli):
    editor = emotext.Editor()
    commands, python = [], []
    for text in corpus_inputs(2_000):
        for command in ({"insert": text}, {"backspace": 3}, {"move": "start"}, {"delete": 2}, {"undo": 1}):
            commands.append(json.dumps(command, ensure_ascii=False))
            python.append(emotext.dumps(editor.apply(command)))
        clear = {"select": [0, editor.apply({"move": "end"})["utf16Length"]]}
        commands += [json.dumps({"move": "end"}), json.dumps(clear), json.dumps({"insert": ""})]
        python += [emotext.dumps(editor.apply(clear)), emotext.dumps(editor.apply({"insert": ""}))]
    reference = cli_lines(run_cli, ["edit"], "".join(c + "\n" for c in commands).encode("utf-8"))
    # The CLI also answers the {"move": "end"} that Python applied before building `clear`: drop those answers.
    kept = [line for index, line in enumerate(reference) if index % 8 != 5]
    assert kept == python


def test_documentation_examples_run():
    """The Python lines of README, the DocC article and the package README, run as they are written."""
    for path in (ROOT / "README.md", ROOT / "Sources" / "Emotext" / "Emotext.docc" / "CAndPython.md",
                 ROOT / "Integrations" / "python" / "README.md"):
        blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
        assert blocks, path
        for block in blocks:
            if "from gi.repository import Gtk" in block:
                check_gtk_example(block, str(path))
            else:
                exec(compile(block, str(path), "exec"), {})


class FakeIter:
    def __init__(self, offset):
        self.offset = offset

    def get_offset(self):
        return self.offset


class FakeBuffer:
    """The few calls of Gtk.TextBuffer the article's host makes, on a str, with the handler-blocking it relies on."""

    def __init__(self):
        self.text, self.selection, self.handlers, self.blocked = "", (0, 0), {}, set()

    def connect(self, name, handler):
        self.handlers[len(self.handlers) + 1] = (name, handler)
        return len(self.handlers)

    def handler_block(self, handler):
        self.blocked.add(handler)

    def handler_unblock(self, handler):
        self.blocked.discard(handler)

    def stop_emission_by_name(self, name):
        pass

    def get_iter_at_offset(self, offset):
        assert 0 <= offset <= len(self.text)
        return FakeIter(offset)

    def delete(self, start, end):
        self.text = self.text[: start.offset] + self.text[end.offset :]

    def insert(self, location, text):
        for handler, (name, function) in self.handlers.items():
            if name == "insert-text" and handler not in self.blocked:
                function(self, location, text, len(text.encode("utf-8")))
                return
        self.text = self.text[: location.offset] + text + self.text[location.offset :]

    def select_range(self, insert, bound):
        self.selection = (bound.offset, insert.offset)


def check_gtk_example(block, path):
    """Runs the article's PyGObject host on a fake Gtk and types into it: the buffer follows the editor."""
    fake = types.ModuleType("gi.repository")
    fake.Gtk = types.SimpleNamespace(TextView=lambda: types.SimpleNamespace(get_buffer=lambda buffer=FakeBuffer(): buffer))
    gi = types.ModuleType("gi")
    gi.repository = fake
    saved = {name: sys.modules.get(name) for name in ("gi", "gi.repository")}
    sys.modules.update({"gi": gi, "gi.repository": fake})
    try:
        namespace = {}
        exec(compile(block, path, "exec"), namespace)
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name)
            else:
                sys.modules[name] = module
    buffer, editor = namespace["buffer"], namespace["editor"]
    for offset, typed in ((0, "好[哈哈"), (4, "]"), (2, "@小明 "), (0, "😀")):
        buffer.insert(buffer.get_iter_at_offset(offset), typed)
        assert buffer.text == editor.text
        assert buffer.selection == editor.selection
    assert editor.post_text == "😀好[哈哈]@小明 "
