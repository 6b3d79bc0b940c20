"""The Emotext engine in-process: Weibo-style post text counted, cut, parsed, rendered and edited.

Every function calls the C ABI (``libemotext.so``, installed inside this package) through ``ctypes``, and the C ABI
calls the code the ``emotext`` command-line tool calls, so each answer is the CLI's own output for the same input:
``dumps(count(text))`` is the line ``emotext count --jsonl`` writes, byte for byte.

    >>> import emotext
    >>> emotext.count("今天好开心[哈哈]")["weighted"]
    8

Calls release the GIL while the engine works (``ctypes.CDLL``), so threads run them in parallel. A ``Catalog`` is
immutable and shared freely between threads; an ``Editor`` serializes its own calls with a lock.

Errors raise a subclass of ``Error`` carrying the engine's message, the one the CLI prints.

The library is loaded on the first call: the one inside this package, or the one the environment variable
``EMOTEXT_LIBRARY_PATH`` names. When it cannot be loaded, that call raises ``Error`` naming the path and
``EMOTEXT_LIBRARY_PATH``.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import threading
from typing import Any, Dict, Mapping, NamedTuple, Optional, Tuple, Union

__all__ = [
    "Catalog",
    "CatalogError",
    "Change",
    "Clipboard",
    "CommandError",
    "Counts",
    "Document",
    "DocumentCounts",
    "Editor",
    "Error",
    "LengthStatus",
    "Run",
    "InvalidArgumentError",
    "InvalidInputError",
    "count",
    "count_json",
    "decode_emoji",
    "dumps",
    "encode_emoji",
    "parse",
    "parse_json",
    "record_text",
    "render_html",
    "serialize",
    "truncate",
    "version",
]


class Error(Exception):
    """A call the engine refused; ``message`` is the engine's message (the CLI's, without its prefix)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidArgumentError(Error, ValueError):
    """An option the CLI refuses as a usage error: an unknown rule, an ellipsis longer than the maximum, …"""


class InvalidInputError(Error, ValueError):
    """Input the CLI rejects: a document that is not the document JSON, a malformed emoji escape."""


class CatalogError(Error):
    """A catalog that cannot be loaded."""


class CommandError(Error):
    """An editor command that was not applied; the editor's document is unchanged."""


_ERRORS = {1: InvalidArgumentError, 2: InvalidInputError, 3: CatalogError, 4: CommandError}


class _HTMLOptions(ctypes.Structure):
    """``emotext_html_options`` of emotext.h."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("page", ctypes.c_int32),
        ("title", ctypes.c_char_p),
        ("image_base", ctypes.c_char_p),
        ("no_images", ctypes.c_int32),
        ("mention_url", ctypes.c_char_p),
        ("topic_url", ctypes.c_char_p),
        ("emoji_images", ctypes.c_char_p),
    ]


_UNIT_SCALARS = 2
_TEXT_BUFFER = 0
_TEXT_POST = 1


class _Change(ctypes.Structure):
    """``emotext_change`` of emotext.h."""

    _fields_ = [
        ("changed", ctypes.c_int32),
        ("start", ctypes.c_size_t),
        ("old_end", ctypes.c_size_t),
        ("new_end", ctypes.c_size_t),
    ]


class _Range(ctypes.Structure):
    """``emotext_range`` of emotext.h."""

    _fields_ = [("present", ctypes.c_int32), ("start", ctypes.c_size_t), ("end", ctypes.c_size_t)]


class _Clipboard(ctypes.Structure):
    """``emotext_clipboard`` of emotext.h."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("text", ctypes.c_void_p),
        ("text_length", ctypes.c_size_t),
        ("html", ctypes.c_void_p),
        ("html_length", ctypes.c_size_t),
        ("json", ctypes.c_void_p),
        ("json_length", ctypes.c_size_t),
    ]


class _Run(ctypes.Structure):
    """``emotext_run`` of emotext.h."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("kind", ctypes.c_int),
        ("start", ctypes.c_size_t),
        ("end", ctypes.c_size_t),
        ("text", ctypes.c_void_p),
        ("text_length", ctypes.c_size_t),
        ("code", ctypes.c_void_p),
        ("code_length", ctypes.c_size_t),
        ("image", ctypes.c_void_p),
        ("image_length", ctypes.c_size_t),
    ]


class _Counts(ctypes.Structure):
    """``emotext_counts`` of emotext.h."""

    _fields_ = [
        ("size", ctypes.c_size_t),
        ("weighted", ctypes.c_size_t),
        ("utf16", ctypes.c_size_t),
        ("scalars", ctypes.c_size_t),
        ("graphemes", ctypes.c_size_t),
        ("utf8", ctypes.c_size_t),
        ("post_utf8", ctypes.c_size_t),
        ("emoticons", ctypes.c_size_t),
        ("runs", ctypes.c_size_t),
    ]


# The ABI version of emotext.h this module's structures and signatures follow (EMOTEXT_ABI_VERSION).
_ABI_VERSION = 3


def _load_library() -> ctypes.CDLL:
    override = os.environ.get("EMOTEXT_LIBRARY_PATH")
    path = override or os.path.join(os.path.dirname(__file__), "libemotext.so")
    try:
        library = ctypes.CDLL(path)
    except OSError as error:
        where = "EMOTEXT_LIBRARY_PATH is %r" % override if override else "the package has no library at %s" % path
        raise Error(
            "cannot load the Emotext library (%s; %s): install the package with `pip install ./Integrations/python` "
            "(which builds libemotext.so into it), or set EMOTEXT_LIBRARY_PATH to a built libemotext.so" % (where, error)
        ) from None
    if not hasattr(library, "emotext_abi_version"):
        raise Error(
            "%s is not the Emotext library (it has no emotext_abi_version); set EMOTEXT_LIBRARY_PATH to a built "
            "libemotext.so, or unset it to use the package's own" % path
        )
    library.emotext_abi_version.restype = ctypes.c_int32
    library.emotext_abi_version.argtypes = []
    if library.emotext_abi_version() != _ABI_VERSION:
        raise Error(
            "the Emotext library at %s has ABI version %d; this package needs %d"
            % (path, library.emotext_abi_version(), _ABI_VERSION)
        )
    text = [ctypes.c_char_p, ctypes.c_size_t]
    error = ctypes.POINTER(ctypes.c_void_p)
    out = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_void_p)]
    signatures = {
        "emotext_version": (ctypes.c_char_p, []),
        "emotext_string_free": (None, [ctypes.c_void_p]),
        "emotext_catalog_default": (ctypes.c_void_p, []),
        "emotext_catalog_load": (
            ctypes.c_int,
            [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_catalog_free": (None, [ctypes.c_void_p]),
        "emotext_count": (ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.c_char_p] + out),
        "emotext_truncate": (
            ctypes.c_int,
            [ctypes.c_void_p] + text + [ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p] + out,
        ),
        "emotext_parse": (ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.c_int32, ctypes.c_char_p] + out),
        "emotext_serialize": (ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.c_int32] + out),
        "emotext_encode_emoji": (ctypes.c_int, text + [ctypes.c_char_p] * 3 + out),
        "emotext_decode_emoji": (ctypes.c_int, text + [ctypes.c_char_p] * 3 + out),
        "emotext_render_html": (ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.POINTER(_HTMLOptions)] + out),
        "emotext_editor_new": (ctypes.c_void_p, [ctypes.c_void_p]),
        "emotext_editor_apply": (ctypes.c_int, [ctypes.c_void_p] + text + out),
        "emotext_editor_free": (None, [ctypes.c_void_p]),
        "emotext_editor_insert": (ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.POINTER(ctypes.c_void_p)]),
        "emotext_editor_insert_emoticon": (
            ctypes.c_int, [ctypes.c_void_p] + text + [ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_delete_backward": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]),
        "emotext_editor_delete_forward": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]),
        "emotext_editor_select": (
            ctypes.c_int,
            [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_replace": (
            ctypes.c_int,
            [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int] + text
            + [ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_set_marked_text": (
            ctypes.c_int,
            [ctypes.c_void_p] + text + [ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_unmark_text": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]),
        "emotext_editor_delete_surrounding": (
            ctypes.c_int,
            [ctypes.c_void_p, ctypes.c_ssize_t, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_undo": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_redo": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_last_change": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(_Change), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_last_restyle": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(_Range), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_marked_range": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(_Range), ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_selection": (
            ctypes.c_int,
            [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(ctypes.c_size_t),
             ctypes.POINTER(ctypes.c_void_p)],
        ),
        "emotext_editor_text": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int] + out),
        "emotext_clipboard_clear": (None, [ctypes.POINTER(_Clipboard)]),
        "emotext_editor_copy": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Clipboard), error]),
        "emotext_editor_cut": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Clipboard), error]),
        "emotext_editor_paste": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int] + text + [error]),
        "emotext_editor_set_length_limit": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, error],
        ),
        "emotext_editor_clear_length_limit": (ctypes.c_int, [ctypes.c_void_p, error]),
        "emotext_editor_length_status": (
            ctypes.c_int,
            [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_size_t),
             ctypes.POINTER(ctypes.c_size_t), error],
        ),
        "emotext_editor_set_entity_deletion": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, error]),
        "emotext_document_parse": (
            ctypes.c_int,
            [ctypes.c_void_p] + text + [ctypes.c_int32, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p), error],
        ),
        "emotext_document_free": (None, [ctypes.c_void_p]),
        "emotext_document_counts": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(_Counts), error],
        ),
        "emotext_document_run": (
            ctypes.c_int, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(_Run), error],
        ),
        "emotext_document_text": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int] + out),
        "emotext_record_text": (ctypes.c_int, text + out),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments
    return library


class _Library:
    """The library, loaded on the first call, so `import emotext` succeeds without one and that call raises `Error`
    (which the caller can then catch as `emotext.Error`). Each function is kept as an attribute once looked up."""

    _lock = threading.Lock()
    _loaded: Optional[ctypes.CDLL] = None

    def __getattr__(self, name: str) -> Any:
        with self._lock:
            if _Library._loaded is None:
                _Library._loaded = _load_library()
        function = getattr(_Library._loaded, name)
        setattr(self, name, function)
        return function


_library = _Library()


# The engine's messages are the CLI's, which name its options; a Python caller sees its own argument names.
_ARGUMENT_NAMES = {
    "--rule": "rule", "--max": "maximum", "--ellipsis": "ellipsis", "--links": "links", "--title": "title",
    "--page": "page", "--image-base": "image_base", "--no-images": "no_images", "--mention-url": "mention_url",
    "--topic-url": "topic_url", "--emoji-images": "emoji_images", "--prefix": "prefix", "--separator": "separator",
    "--suffix": "suffix",
}
_FLAG = re.compile(
    "(?<![\\w-])(%s)(?![\\w-])" % "|".join(sorted(map(re.escape, _ARGUMENT_NAMES), key=len, reverse=True))
)


def _python_message(message: str) -> str:
    return _FLAG.sub(lambda match: _ARGUMENT_NAMES[match.group(1)], message)


def _call(function: Any, *arguments: Any) -> str:
    """Calls a function of emotext.h that answers a string; returns it, or raises its error."""
    answer = ctypes.c_void_p()
    length = ctypes.c_size_t()
    error = ctypes.c_void_p()
    _check(function(*arguments, ctypes.byref(answer), ctypes.byref(length), ctypes.byref(error)), error)
    try:
        return ctypes.string_at(answer.value, length.value).decode("utf-8")
    finally:
        _library.emotext_string_free(answer)


def _check(status: int, error: ctypes.c_void_p) -> None:
    """Raises the error a call of emotext.h reported, releasing its message."""
    if status != 0:
        message = ctypes.string_at(error.value).decode("utf-8") if error.value else "status %d" % status
        _library.emotext_string_free(error)
        raise _ERRORS.get(status, Error)(_python_message(message))


def _utf8(text: str, name: str = "text") -> bytes:
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (name, type(text).__name__))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidInputError(
            "%s: code point %d is U+%04X, a lone surrogate, which UTF-8 cannot encode"
            % (name, error.start, ord(text[error.start]))
        ) from None


def _option(value: Optional[str], name: str) -> Optional[bytes]:
    return None if value is None else _utf8(value, name)


def version() -> str:
    """The engine's version, as ``emotext --version`` prints it after the name."""
    return _library.emotext_version().decode("utf-8")


class Catalog:
    """An emoticon catalog: immutable, shared freely between threads.

    ``Catalog()`` (or ``Catalog.default()``) is the embedded catalog, what every function uses when ``catalog`` is
    ``None``; ``Catalog(path)`` (or ``Catalog.load(path)``) reads a tutorial ``Emoticons.bundle`` folder or a JSON
    catalog, as ``--catalog`` does, and raises ``CatalogError`` ("cannot load catalog PATH: …") when it cannot.
    """

    def __init__(self, path: Optional[Union[str, "os.PathLike[str]"]] = None) -> None:
        if path is None:
            self._handle = ctypes.c_void_p(_library.emotext_catalog_default())
            return
        handle = ctypes.c_void_p()
        error = ctypes.c_void_p()
        status = _library.emotext_catalog_load(_utf8(os.fspath(path), "path"), ctypes.byref(handle), ctypes.byref(error))
        _check(status, error)
        self._handle = handle

    @classmethod
    def default(cls) -> "Catalog":
        """The embedded default catalog."""
        return cls()

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Catalog":
        """The catalog at ``path``."""
        return cls(path)

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle is not None and _library is not None:
            _library.emotext_catalog_free(handle)


def _catalog(catalog: Optional[Catalog]) -> Optional[ctypes.c_void_p]:
    if catalog is None:
        return None
    if not isinstance(catalog, Catalog):
        raise TypeError("catalog must be an emotext.Catalog or None, not %s" % type(catalog).__name__)
    return catalog._handle


def count_json(text: str, rule: str = "weibo", *, catalog: Optional[Catalog] = None) -> str:
    """``count`` as the JSON text the engine writes: the line ``emotext count --jsonl`` writes, without its line feed."""
    data = _utf8(text)
    return _call(_library.emotext_count, _catalog(catalog), data, len(data), _option(rule, "rule"))


def record_text(record: Union[str, bytes]) -> str:
    """The ``"text"`` of one JSON Lines record (``{"text": …}``, a ``str`` or the line's bytes), read as the CLI's
    ``--jsonl`` reads it; raises ``InvalidInputError`` with the CLI's message (``byte N: not a record …``) when the
    line is not one."""
    data = bytes(record) if isinstance(record, (bytes, bytearray)) else _utf8(record, "record")
    return _call(_library.emotext_record_text, data, len(data))


class Counts(NamedTuple):
    """The counts of a post (``count``), as ``emotext count --jsonl --rule RULE`` writes them: the length by the
    rule, then UTF-16 units, Unicode scalars and grapheme clusters, an emoticon counting 1 in each.

    Fields are read by name (``counts.weighted``); ``counts["weighted"]`` reads the same field, as the record's key.
    """

    text: str
    rule: str
    weighted: int
    utf16: int
    scalars: int
    graphemes: int

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            if key not in self._fields:
                raise KeyError(key)
            return getattr(self, key)
        return tuple.__getitem__(self, key)


def count(text: str, rule: str = "weibo", *, catalog: Optional[Catalog] = None) -> Counts:
    """The counts of a post by ``rule`` (weibo, twitter, utf16, scalars or graphemes): ``Counts(text, rule,
    weighted, utf16, scalars, graphemes)``. ``dumps(count(text))`` is the line ``emotext count --jsonl`` writes."""
    record = json.loads(count_json(text, rule, catalog=catalog))
    return Counts(**record)


def truncate(
    text: str, maximum: int, rule: str = "weibo", *, ellipsis: str = "", catalog: Optional[Catalog] = None
) -> str:
    """The longest prefix of a post whose length by the rule is at most ``maximum``, as ``emotext truncate`` cuts it.

    Never cuts inside a grapheme cluster or an emoticon; when anything is cut, ``ellipsis`` is appended and counts
    toward ``maximum``. A post that fits comes back unchanged.
    """
    if not isinstance(maximum, int) or isinstance(maximum, bool):
        raise TypeError("maximum must be an int, not %s" % type(maximum).__name__)
    if not 0 <= maximum <= 2147483647:
        raise InvalidArgumentError("maximum must be a whole number from 0 to 2147483647, not %d" % maximum)
    data = _utf8(text)
    return _call(
        _library.emotext_truncate, _catalog(catalog), data, len(data), maximum, _option(rule, "rule"),
        _utf8(ellipsis, "ellipsis"),
    )


def parse_json(
    text: str, entities: bool = False, links: str = "weibo", *, catalog: Optional[Catalog] = None
) -> str:
    """``parse`` as the JSON text the engine writes: the line ``emotext parse --json`` writes, without its line feed."""
    data = _utf8(text)
    return _call(
        _library.emotext_parse, _catalog(catalog), data, len(data), 1 if entities else 0, _option(links, "links")
    )


def parse(text: str, entities: bool = False, links: str = "weibo", *, catalog: Optional[Catalog] = None) -> Dict[str, Any]:
    """A post as the document JSON ``emotext parse --json`` writes: ``{"version": 1, "runs": [...]}``.

    With ``entities``, mentions, topics and links are marked (``"entity": "mention" | "topic" | "link"``), links
    found by the ``links`` rule: ``"weibo"`` (http(s):// only) or ``"twitter"`` (also links without a scheme).
    """
    return json.loads(parse_json(text, entities, links, catalog=catalog))


def serialize(document: Union[Mapping[str, Any], str], nfc: bool = False, *, catalog: Optional[Catalog] = None) -> str:
    """The post text of a document (a dict as ``parse`` returns, or its JSON text), as ``emotext serialize``.

    Lossless: ``serialize(parse(text)) == text``. With ``nfc``, the text is put in Normalization Form C.
    Raises ``InvalidInputError`` when it is not a document.
    """
    data = _utf8(document if isinstance(document, str) else dumps(document), "document")
    return _call(_library.emotext_serialize, _catalog(catalog), data, len(data), 1 if nfc else 0)


def encode_emoji(text: str, *, prefix: str = "[emoji:", separator: str = "-", suffix: str = "]") -> str:
    """The post with every grapheme cluster above the BMP escaped (``[emoji:1f600]``), as ``emotext encode-emoji``."""
    data = _utf8(text)
    return _call(
        _library.emotext_encode_emoji, data, len(data), _utf8(prefix, "prefix"), _utf8(separator, "separator"),
        _utf8(suffix, "suffix"),
    )


def decode_emoji(text: str, *, prefix: str = "[emoji:", separator: str = "-", suffix: str = "]") -> str:
    """The post with every escape decoded, as ``emotext decode-emoji``; ``InvalidInputError`` for a malformed one."""
    data = _utf8(text)
    return _call(
        _library.emotext_decode_emoji, data, len(data), _utf8(prefix, "prefix"), _utf8(separator, "separator"),
        _utf8(suffix, "suffix"),
    )


def render_html(
    text: str,
    *,
    catalog: Optional[Catalog] = None,
    page: bool = False,
    title: Optional[str] = None,
    image_base: Optional[str] = None,
    no_images: bool = False,
    mention_url: Optional[str] = None,
    topic_url: Optional[str] = None,
    emoji_images: Optional[str] = None,
) -> str:
    """The post as HTML, the line ``emotext render --html`` writes for it (without the line feed).

    Mentions, topics and links are linked; every text and attribute is escaped. The options are those of the CLI:
    ``page`` (a standalone page, ``title`` its title), ``image_base`` (where emoticon images are served),
    ``no_images``, ``mention_url`` and ``topic_url`` (templates with ``{name}`` and ``{topic}``), ``emoji_images``
    (every emoji as an ``<img>`` under that URL). A text with line breaks is one post (``<br>``).
    """
    data = _utf8(text)
    options = _HTMLOptions(
        ctypes.sizeof(_HTMLOptions), 1 if page else 0, _option(title, "title"), _option(image_base, "image_base"), 1 if no_images else 0,
        _option(mention_url, "mention_url"), _option(topic_url, "topic_url"), _option(emoji_images, "emoji_images"),
    )
    return _call(_library.emotext_render_html, _catalog(catalog), data, len(data), ctypes.byref(options))


class Change(NamedTuple):
    """A text change (``Editor.last_change``), in code points: the editor replaced ``text[start:old_end]`` of the
    text before the call with ``text[start:new_end]`` of the text after it."""

    start: int
    old_end: int
    new_end: int

    @property
    def end(self) -> int:
        """The end of the replaced range (``old_end``)."""
        return self.old_end

    @property
    def inserted(self) -> int:
        """How many code points replaced it (``new_end - start``)."""
        return self.new_end - self.start


class Clipboard(NamedTuple):
    """The selection in three flavours (``Editor.copy``, ``Editor.cut``): the post text (each emoticon as its token),
    an HTML fragment (each emoticon an ``<img>`` whose ``alt`` is its token) and the document JSON."""

    text: str
    html: str
    json: str


class LengthStatus(NamedTuple):
    """The document's length by the length limit's rule, and the limit (``Editor.length_status``)."""

    length: int
    maximum: int

    @property
    def remaining(self) -> int:
        """What may still be added: negative when the document is over the limit (a composer shows it red)."""
        return self.maximum - self.length


_ENFORCEMENTS = {"after_composition": 0, "enforced": 1, "counted": 2}


def _string(pointer: Optional[int], length: int) -> str:
    return ctypes.string_at(pointer, length).decode("utf-8") if pointer else ""


def _index(value: int, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    if not 0 <= value < 1 << 63:
        raise InvalidArgumentError("%s must be from 0 to 2**63 - 1, not %d" % (name, value))
    return value


class Editor:
    """An editing session (document, selection, undo history), as a text widget drives it.

    Every position is a code point index into ``text`` (a Python ``str`` index): ``text`` holds each emoticon as one
    U+FFFC, as a text view's buffer does, so ``text[a:b]`` is what the editor means by ``a..b``. After each call,
    ``last_change`` says what to replace in a mirror of ``text`` and ``last_restyle`` what to re-tag.

        >>> editor = Editor()
        >>> editor.insert("好[哈哈]")
        >>> editor.text, editor.post_text, editor.last_change
        ('好\ufffc', '好[哈哈]', Change(start=0, old_end=0, new_end=2))

    ``apply(command)`` takes an ``emotext edit`` command and returns its whole state (O(document) per call).
    Calls on one editor are serialized by a lock; different editors run in parallel.
    """

    def __init__(self, catalog: Optional[Catalog] = None) -> None:
        """An empty document recognizing ``catalog``'s emoticons (default: the embedded catalog) and mentions,
        topics and links as they are typed."""
        self._lock = threading.Lock()
        self._entity_deletion = "characters"
        self._handle = ctypes.c_void_p(_library.emotext_editor_new(_catalog(catalog)))

    def _call(self, function: Any, *arguments: Any) -> None:
        error = ctypes.c_void_p()
        with self._lock:
            if self._handle is None:
                raise Error("the editor is closed")
            status = function(self._handle, *arguments, ctypes.byref(error))
        _check(status, error)

    def _read(self, function: Any, *arguments: Any) -> str:
        with self._lock:
            if self._handle is None:
                raise Error("the editor is closed")
            return _call(function, self._handle, *arguments)

    def insert(self, text: str) -> None:
        """Types ``text`` over the selection; typing the ``]`` that completes ``[哈哈]`` makes it an emoticon."""
        data = _utf8(text)
        self._call(_library.emotext_editor_insert, data, len(data))

    def insert_emoticon(self, token: str) -> None:
        """Inserts the emoticon ``token`` names (``"[哈哈]"``) over the selection; ``InvalidArgumentError`` when the
        catalog has no such token."""
        data = _utf8(token, "token")
        self._call(_library.emotext_editor_insert_emoticon, data, len(data))

    def delete_backward(self) -> None:
        """Backspace: the selection, or the emoticon, emoji sequence or code point before the caret."""
        self._call(_library.emotext_editor_delete_backward)

    def delete_forward(self) -> None:
        """Forward delete: the selection, or the grapheme cluster or emoticon after the caret."""
        self._call(_library.emotext_editor_delete_forward)

    def select(self, anchor: int, head: int) -> None:
        """Selects from ``anchor`` to ``head`` (code points, clamped to the text), keeping the direction; the
        selection is widened to whole grapheme clusters."""
        self._call(
            _library.emotext_editor_select, _index(anchor, "anchor"), _index(head, "head"), _UNIT_SCALARS
        )

    def replace(self, start: int, end: int, text: str) -> None:
        """Replaces ``self.text[start:end]`` (widened to whole clusters) with ``text``; the caret goes after it."""
        data = _utf8(text)
        self._call(
            _library.emotext_editor_replace, _index(start, "start"), _index(end, "end"), _UNIT_SCALARS, data, len(data)
        )

    def set_marked_text(self, text: str, selection: Optional[Tuple[int, int]] = None) -> None:
        """Sets the input method's marked (preedit) text, with ``selection`` (start, end) inside it in code points
        from its start (default: the caret at its end); empty text removes it."""
        data = _utf8(text)
        start, end = (len(text), len(text)) if selection is None else selection
        self._call(
            _library.emotext_editor_set_marked_text, data, len(data), _index(start, "selection start"),
            _index(end, "selection end"), _UNIT_SCALARS,
        )

    def unmark_text(self) -> None:
        """Commits the marked text as it stands."""
        self._call(_library.emotext_editor_unmark_text)

    def delete_surrounding(self, offset: int, count: int) -> None:
        """Deletes ``count`` code points starting ``offset`` code points from the caret (negative: before it),
        keeping the selection, as GTK's ``delete-surrounding`` asks."""
        if not isinstance(offset, int) or isinstance(offset, bool) or not -(1 << 63) <= offset < 1 << 63:
            raise InvalidArgumentError("offset must be an int from -2**63 to 2**63 - 1, not %r" % (offset,))
        self._call(_library.emotext_editor_delete_surrounding, offset, _index(count, "count"), _UNIT_SCALARS)

    def undo(self) -> bool:
        """Undoes one step; False when there was none."""
        done = ctypes.c_int32()
        self._call(_library.emotext_editor_undo, ctypes.byref(done))
        return bool(done.value)

    def redo(self) -> bool:
        """Redoes one step; False when there was none."""
        done = ctypes.c_int32()
        self._call(_library.emotext_editor_redo, ctypes.byref(done))
        return bool(done.value)

    @property
    def text(self) -> str:
        """The document as a text view holds it: each emoticon one U+FFFC. Every position indexes it."""
        return self._read(_library.emotext_editor_text, _TEXT_BUFFER)

    @property
    def post_text(self) -> str:
        """The document as post text: each emoticon as its token (``[哈哈]``)."""
        return self._read(_library.emotext_editor_text, _TEXT_POST)

    @property
    def selection(self) -> Tuple[int, int]:
        """(anchor, head): the anchor stays put when the selection is extended, the head is the caret."""
        anchor, head = ctypes.c_size_t(), ctypes.c_size_t()
        self._call(_library.emotext_editor_selection, _UNIT_SCALARS, ctypes.byref(anchor), ctypes.byref(head))
        return anchor.value, head.value

    @property
    def marked_range(self) -> Optional[Tuple[int, int]]:
        """(start, end) of the marked text, or None."""
        found = _Range()
        self._call(_library.emotext_editor_marked_range, _UNIT_SCALARS, ctypes.byref(found))
        return (found.start, found.end) if found.present else None

    @property
    def last_change(self) -> Optional[Change]:
        """The text change of the last call: ``Change(start, old_end, new_end)``, or None when it changed no text.
        A mirror ``m`` of ``text`` follows with ``m[start:old_end] = editor.text[start:new_end]``."""
        change = _Change()
        self._call(_library.emotext_editor_last_change, _UNIT_SCALARS, ctypes.byref(change))
        return Change(change.start, change.old_end, change.new_end) if change.changed else None

    @property
    def last_restyle(self) -> Optional[Tuple[int, int]]:
        """(start, end) the last call restyled without changing its text (a mention, topic or link recognized or
        dropped), in the text after the call, or None: a mirror re-tags it."""
        found = _Range()
        self._call(_library.emotext_editor_last_restyle, _UNIT_SCALARS, ctypes.byref(found))
        return (found.start, found.end) if found.present else None

    def _clipboard(self, function: Any) -> Clipboard:
        clipboard = _Clipboard(size=ctypes.sizeof(_Clipboard))
        self._call(function, ctypes.byref(clipboard))
        try:
            return Clipboard(
                _string(clipboard.text, clipboard.text_length),
                _string(clipboard.html, clipboard.html_length),
                _string(clipboard.json, clipboard.json_length),
            )
        finally:
            _library.emotext_clipboard_clear(ctypes.byref(clipboard))

    def copy(self) -> Clipboard:
        """The selection in the three flavours a host writes to its clipboard (empty for a caret). Changes nothing,
        ``last_change`` included (it still reports the editing call before): a mirror is not updated after it."""
        return self._clipboard(_library.emotext_editor_copy)

    def cut(self) -> Clipboard:
        """Copies the selection and removes it, as one undo step."""
        return self._clipboard(_library.emotext_editor_cut)

    def paste(self, text: Optional[str] = None, html: Optional[str] = None, json: Optional[str] = None) -> None:
        """Pastes one flavour over the selection, as one undo step held to the length limit: ``json`` (a document
        JSON, from ``Clipboard.json``) and this engine's ``html`` restore their runs exactly, other HTML gives its
        visible text, ``text`` is tokenized as typed text is. Give the richest flavour the clipboard holds.
        ``InvalidInputError`` when the JSON does not decode (nothing changes then)."""
        given = [(flavor, value) for flavor, value in ((0, text), (1, html), (2, json)) if value is not None]
        if len(given) != 1:
            raise InvalidArgumentError("paste takes one of text, html or json, not %d" % len(given))
        flavor, value = given[0]
        data = _utf8(value, ("text", "html", "json")[flavor])
        self._call(_library.emotext_editor_paste, flavor, data, len(data))

    def set_length_limit(
        self, maximum: Optional[int], rule: str = "weibo", enforcement: str = "after_composition"
    ) -> None:
        """Limits what typing, pasting and emoticons add to ``maximum`` by ``rule`` (weibo, twitter, utf16, scalars
        or graphemes), cut at a cluster, emoticon or URL boundary; ``None`` removes the limit. ``enforcement`` is
        "after_composition" (marked text is cut when committed), "enforced" (as it is set) or "counted" (nothing is
        cut; ``length_status`` only counts)."""
        if maximum is None:
            self._call(_library.emotext_editor_clear_length_limit)
            return
        if enforcement not in _ENFORCEMENTS:
            raise InvalidArgumentError(
                "enforcement must be after_composition, enforced or counted, not %r" % (enforcement,)
            )
        self._call(
            _library.emotext_editor_set_length_limit, _utf8(rule, "rule"), _index(maximum, "maximum"),
            _ENFORCEMENTS[enforcement],
        )

    @property
    def length_status(self) -> Optional[LengthStatus]:
        """``LengthStatus(length, maximum)`` by the length limit's rule, or None without a limit."""
        limited, length, maximum = ctypes.c_int32(), ctypes.c_size_t(), ctypes.c_size_t()
        self._call(
            _library.emotext_editor_length_status, ctypes.byref(limited), ctypes.byref(length), ctypes.byref(maximum)
        )
        return LengthStatus(length.value, maximum.value) if limited.value else None

    @property
    def entity_deletion(self) -> str:
        """What Backspace and forward delete remove next to a mention or topic: "characters" (the default) or
        "whole" (the whole mention or topic in one step)."""
        return self._entity_deletion

    @entity_deletion.setter
    def entity_deletion(self, value: str) -> None:
        if value not in ("characters", "whole"):
            raise InvalidArgumentError("entity_deletion must be characters or whole, not %r" % (value,))
        self._call(_library.emotext_editor_set_entity_deletion, 1 if value == "whole" else 0)
        self._entity_deletion = value

    def apply(self, command: Mapping[str, Any]) -> Dict[str, Any]:
        """Applies one ``emotext edit`` command (``{"insert": text}``, ``{"backspace": n}``, …) and returns the whole
        state, O(document) per call: ``{"text": …, "selection": [location, length], "utf16Length": n,
        "graphemes": n, "runs": [...], "change": …}`` (positions in UTF-16 units of the post text's runs);
        raises ``CommandError`` when the command is not applied.
        """
        data = _utf8(command if isinstance(command, str) else json.dumps(command, ensure_ascii=False), "command")
        with self._lock:
            if self._handle is None:
                raise Error("the editor is closed")
            return json.loads(_call(_library.emotext_editor_apply, self._handle, data, len(data)))

    def close(self) -> None:
        """Releases the editor's document now (it is released when the editor is collected otherwise)."""
        with self._lock:
            handle, self._handle = self._handle, None
        if handle is not None:
            _library.emotext_editor_free(handle)

    def __enter__(self) -> "Editor":
        return self

    def __exit__(self, *exception: Any) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_lock", None) is not None and _library is not None:
            self.close()


# The characters the engine's JSON writer escapes: `"`, `\`, C0 controls, U+2028 and U+2029.
_ESCAPED = re.compile('["\\\\\x00-\x1f\u2028\u2029]')
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


class Run(NamedTuple):
    """One run of a ``Document``: ``kind`` is "text", "emoticon", "mention", "topic" or "link"; ``document.text[start:
    end]`` is the run (an emoticon one U+FFFC); ``text`` is its post text (an emoticon's token as written, e.g.
    ``[愛你]``); an emoticon's catalog ``code`` (``[爱你]``) and ``image`` file (relative to its pack), else None."""

    kind: str
    start: int
    end: int
    text: str
    code: Optional[str]
    image: Optional[str]


class DocumentCounts(NamedTuple):
    """A document's counts (``Document.counts``): the length by the rule, UTF-16 units, code points and grapheme
    clusters (an emoticon 1 in each), UTF-8 bytes of ``text`` (an emoticon 3) and of the post text, image
    emoticons and runs."""

    weighted: int
    utf16: int
    scalars: int
    graphemes: int
    utf8: int
    post_utf8: int
    emoticons: int
    runs: int


_RUN_KINDS = ("text", "emoticon", "mention", "topic", "link")


class Document:
    """A parsed post: its runs (text, emoticons and, with ``entities=True``, mentions, topics and links), read
    without JSON. Positions are code points of ``text``, where each emoticon is one U+FFFC.

        >>> document = Document("好[哈哈]")
        >>> document.runs
        (Run(kind='text', start=0, end=1, text='好', code=None, image=None), Run(kind='emoticon', start=1, end=2, \
text='[哈哈]', code='[哈哈]', image='d_haha.png'))

    Immutable; may be read from several threads at once.
    """

    def __init__(
        self, text: str, *, entities: bool = False, links: str = "weibo", catalog: Optional[Catalog] = None
    ) -> None:
        """The document of the post text ``text``, emoticons found by ``catalog`` (default: the embedded one), links
        by the ``links`` rule (weibo or twitter) when ``entities`` is true."""
        data = _utf8(text)
        handle = ctypes.c_void_p()
        error = ctypes.c_void_p()
        status = _library.emotext_document_parse(
            _catalog(catalog), data, len(data), 1 if entities else 0, _utf8(links, "links"), ctypes.byref(handle),
            ctypes.byref(error),
        )
        _check(status, error)
        self._handle = handle
        counts = self.counts()
        self.runs: Tuple[Run, ...] = tuple(self._run(index) for index in range(counts.runs))

    def _run(self, index: int) -> Run:
        run = _Run(size=ctypes.sizeof(_Run))
        error = ctypes.c_void_p()
        _check(_library.emotext_document_run(self._handle, index, _UNIT_SCALARS, ctypes.byref(run), ctypes.byref(error)), error)
        code = _string(run.code, run.code_length) if run.code else None
        image = _string(run.image, run.image_length) if run.image else None
        return Run(_RUN_KINDS[run.kind], run.start, run.end, _string(run.text, run.text_length), code, image)

    def counts(self, rule: str = "weibo") -> DocumentCounts:
        """The document's counts, the weighted one by ``rule`` (weibo, twitter, utf16, scalars or graphemes)."""
        counts = _Counts(size=ctypes.sizeof(_Counts))
        error = ctypes.c_void_p()
        _check(
            _library.emotext_document_counts(self._handle, _utf8(rule, "rule"), ctypes.byref(counts), ctypes.byref(error)),
            error,
        )
        return DocumentCounts(*(getattr(counts, name) for name in DocumentCounts._fields))

    @property
    def text(self) -> str:
        """The document as a text view holds it: each emoticon one U+FFFC."""
        return _call(_library.emotext_document_text, self._handle, _TEXT_BUFFER)

    @property
    def post_text(self) -> str:
        """The post text: each emoticon as its token, as it was parsed."""
        return _call(_library.emotext_document_text, self._handle, _TEXT_POST)

    def __iter__(self) -> Any:
        return iter(self.runs)

    def __len__(self) -> int:
        return len(self.runs)

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle is not None and _library is not None:
            _library.emotext_document_free(handle)


def _escape(match: "re.Match[str]") -> str:
    character = match.group(0)
    return _SHORT.get(character) or "\\u%04x" % ord(character)


def dumps(value: Any) -> str:
    """JSON text as the engine writes it: compact, keys in order, non-ASCII and ``/`` unescaped, ``\\b`` and
    ``\\f`` as ``\\u0008`` and ``\\u000c``, U+2028 and U+2029 escaped. So ``dumps(count(text))`` is the CLI's line.
    """
    if isinstance(value, str):
        return '"' + _ESCAPED.sub(_escape, value) + '"'
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if hasattr(value, "_asdict"):
        value = value._asdict()
    if isinstance(value, Mapping):
        return "{" + ",".join(dumps(str(key)) + ":" + dumps(item) for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps(item) for item in value) + "]"
    raise TypeError(
        "dumps takes str, int, bool, None, lists, dicts and named tuples, not %s" % type(value).__name__
    )
