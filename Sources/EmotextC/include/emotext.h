/*
 * emotext.h — the C ABI of the Emotext engine (libemotext.so).
 *
 * Every answer is the bytes the `emotext` command-line tool writes for the same input and options, without the
 * line feed after it: the functions call the same Swift code the CLI does, so the CLI and every binding built on
 * this header agree by construction. Error messages are the CLI's too (without its "emotext COMMAND: " prefix
 * and without the FILE:LINE location, as a call has one input; a problem at a known byte is "byte N: …",
 * N 0-based).
 *
 * Text in: UTF-8 given as a pointer and a length in bytes (it may contain NUL; it need not be NUL-terminated;
 * NULL is allowed when the length is 0). A length or position above PTRDIFF_MAX is refused with
 * EMOTEXT_INVALID_ARGUMENT. Input that is not UTF-8 is refused (EMOTEXT_INVALID_INPUT), never
 * repaired. Strings for options (rule names, URLs, …) are NUL-terminated UTF-8; NULL means the CLI's default.
 *
 * Ownership:
 *   - A function that returns a string (the `char **…_out` parameters) allocates it; the caller owns it and
 *     releases it with emotext_string_free. Each such string is NUL-terminated and its length in bytes (without
 *     the NUL) is stored in the `size_t *…_length_out` parameter when that is not NULL. Text results (truncate,
 *     serialize, the emoji escapes) may contain NUL: use the length. JSON results never contain a raw NUL.
 *   - `char **error_out` (may be NULL when the caller does not want the message): on a status other than
 *     EMOTEXT_OK it receives the message, which the caller releases with emotext_string_free; on EMOTEXT_OK it
 *     is set to NULL. The result parameter is set to NULL on failure.
 *   - A catalog handle (emotext_catalog_default, emotext_catalog_load) is released with emotext_catalog_free; an
 *     editor handle (emotext_editor_new) with emotext_editor_free. An editor keeps what it needs of its catalog,
 *     so the catalog handle may be released while the editor lives. Releasing NULL does nothing.
 *   - emotext_version returns a static string that is never released.
 *
 * Versions: EMOTEXT_ABI_VERSION is the version of this header's functions and layouts; emotext_abi_version() is
 * the library's. A caller compiled against this header checks at start-up that the two are equal.
 *
 * Thread safety:
 *   - Every function may be called from any thread, at the same time as any other, with one exception below.
 *   - A catalog handle is immutable: share it among any number of threads at once.
 *   - An editor handle holds a document that each command changes: use it from one thread at a time (a lock
 *     of the caller's, or one editor per thread). Different editors are independent.
 *   - Nothing is global: no call changes state that another call sees, except an editor's own document.
 *
 * A `const emotext_catalog *catalog` parameter may be NULL: the embedded default catalog (as without --catalog).
 */
#ifndef EMOTEXT_H
#define EMOTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the functions and layouts this header declares; raised whenever one changes. 1 was the JSON-only
   ABI without size fields; 2 added the size field of emotext_html_options and the typed editor calls; 3 the
   clipboard, length limit and entity deletion of the editor, and documents. */
#define EMOTEXT_ABI_VERSION 3

/* What a call returns. Each failure comes with a message in *error_out. */
typedef enum emotext_status {
  /* The result parameter holds the answer. */
  EMOTEXT_OK = 0,
  /* An option the CLI refuses as a usage error (exit status 2): an unknown rule or link rule, an ellipsis longer
     than the maximum, an escape format that cannot be read back, an unsafe link template, a title without a page;
     or a NULL pointer where one is required. */
  EMOTEXT_INVALID_ARGUMENT = 1,
  /* Input the CLI rejects for its line: not UTF-8, not a document JSON, a malformed emoji escape. */
  EMOTEXT_INVALID_INPUT = 2,
  /* A catalog that cannot be loaded (emotext_catalog_load). */
  EMOTEXT_CATALOG_ERROR = 3,
  /* An editor command that was not applied (emotext_editor_apply); the document is unchanged. */
  EMOTEXT_COMMAND_FAILED = 4
} emotext_status;

/* An emoticon catalog: immutable, shared freely between threads. */
typedef struct emotext_catalog emotext_catalog;

/* An editing session (document, selection, undo history): one thread at a time. */
typedef struct emotext_editor emotext_editor;

/* The options of `emotext render --html`. Zero-initialize, set `size` to sizeof(emotext_html_options), then set
   what you need: zero/NULL is the CLI's default for each. The library reads the first `size` bytes, so a caller
   compiled against an older, smaller struct keeps working when fields are added at its end (those fields take their
   defaults); a size too small to hold `size` itself is refused with EMOTEXT_INVALID_ARGUMENT. */
typedef struct emotext_html_options {
  size_t size;               /* sizeof(emotext_html_options) as the caller was compiled */
  int32_t page;              /* nonzero: a complete standalone page (--page), else a fragment */
  const char *title;         /* --title, with page only (default "Emotext") */
  const char *image_base;    /* --image-base URL: where emoticon image files are served */
  int32_t no_images;         /* nonzero: emoticons as their emoji fallback, no <img> (--no-images) */
  const char *mention_url;   /* --mention-url template, {name} replaced */
  const char *topic_url;     /* --topic-url template, {topic} replaced */
  const char *emoji_images;  /* --emoji-images BASE_URL: every emoji as an <img> of twemoji's file name */
} emotext_html_options;

/* The engine's version, as `emotext --version` prints it after the name ("0.1.0"). Static; never released. */
const char *emotext_version(void);

/* The library's ABI version: EMOTEXT_ABI_VERSION of the header it was built with. */
int32_t emotext_abi_version(void);

/* Releases a string returned by any function of this header. NULL does nothing. */
void emotext_string_free(char *string);

/* The embedded default catalog, as a handle (never fails). Release with emotext_catalog_free. */
emotext_catalog *emotext_catalog_default(void);

/* Loads a catalog: a tutorial Emoticons.bundle folder or a JSON catalog file (NUL-terminated path), as
   --catalog PATH does. On success *catalog_out is a handle to release with emotext_catalog_free.
   EMOTEXT_CATALOG_ERROR: "cannot load catalog PATH: …". */
emotext_status emotext_catalog_load(const char *path, emotext_catalog **catalog_out, char **error_out);

/* Releases a catalog handle. NULL does nothing. Editors made from it stay valid. */
void emotext_catalog_free(emotext_catalog *catalog);

/* The counts of a post: the object `emotext count --jsonl --rule RULE` writes,
   {"text":…,"rule":…,"weighted":n,"utf16":n,"scalars":n,"graphemes":n}.
   rule: weibo (NULL), twitter, utf16, scalars or graphemes. */
emotext_status emotext_count(const emotext_catalog *catalog, const char *text, size_t text_length, const char *rule,
                             char **json_out, size_t *json_length_out, char **error_out);

/* The post cut to at most `maximum` by the rule (never inside a grapheme cluster or an emoticon), `ellipsis`
   (NULL: none) appended when anything is cut: what `emotext truncate --max MAXIMUM --rule RULE --ellipsis E`
   writes. maximum: 0 to 2147483647. */
emotext_status emotext_truncate(const emotext_catalog *catalog, const char *text, size_t text_length, size_t maximum,
                                const char *rule, const char *ellipsis, char **text_out, size_t *text_length_out,
                                char **error_out);

/* The document JSON of a post, {"version":1,"runs":[…]}: what `emotext parse --json` writes, or with
   `entities` nonzero what `emotext parse --json --entities --links LINKS` writes (mentions, topics and links
   marked). links: weibo (NULL; http(s):// only) or twitter; used only with entities. */
emotext_status emotext_parse(const emotext_catalog *catalog, const char *text, size_t text_length, int32_t entities,
                             const char *links, char **json_out, size_t *json_length_out, char **error_out);

/* The post text of a document JSON: what `emotext serialize` (`--nfc` when nfc is nonzero) writes.
   EMOTEXT_INVALID_INPUT when it is not a document. */
emotext_status emotext_serialize(const emotext_catalog *catalog, const char *document_json, size_t json_length,
                                 int32_t nfc, char **text_out, size_t *text_length_out, char **error_out);

/* The post with every grapheme cluster above the BMP escaped: `emotext encode-emoji --prefix P --separator S
   --suffix X` (NULL: "[emoji:", "-", "]"). */
emotext_status emotext_encode_emoji(const char *text, size_t text_length, const char *prefix, const char *separator,
                                    const char *suffix, char **text_out, size_t *text_length_out, char **error_out);

/* The post with every escape decoded: `emotext decode-emoji`, same format arguments. EMOTEXT_INVALID_INPUT for a
   malformed escape: "byte N: malformed emoji escape: …". */
emotext_status emotext_decode_emoji(const char *text, size_t text_length, const char *prefix, const char *separator,
                                    const char *suffix, char **text_out, size_t *text_length_out, char **error_out);

/* The post as HTML: the line `emotext render --html [options]` writes for it (a text with line breaks is one
   post, as with --whole), or with options->page the page `--page` writes. options: NULL for the defaults.
   Unlike the CLI, no warning is printed when emoticons fall back to text for want of image files. */
emotext_status emotext_render_html(const emotext_catalog *catalog, const char *text, size_t text_length,
                                   const emotext_html_options *options, char **html_out, size_t *html_length_out,
                                   char **error_out);

/* A new editor on an empty document, recognizing the catalog's emoticons (NULL: the default catalog) and
   mentions, topics and links as they are typed, as `emotext edit` does. Release with emotext_editor_free. */
emotext_editor *emotext_editor_new(const emotext_catalog *catalog);

/* Applies one `emotext edit` command, a JSON object such as {"insert":"好[哈哈]"} or {"backspace":1}, and returns
   the state line `emotext edit` prints after it:
   {"text":…,"selection":[location,length],"utf16Length":n,"graphemes":n,"runs":[…],"change":…}.
   EMOTEXT_COMMAND_FAILED when the command is not applied (the message is the "error" `emotext edit` prints;
   the document is unchanged). One thread at a time per editor. A convenience for scripts: the state is the whole
   document, O(n) per call; a host that edits uses the typed calls below. */
emotext_status emotext_editor_apply(emotext_editor *editor, const char *command_json, size_t command_length,
                                    char **state_out, size_t *state_length_out, char **error_out);

/* Releases an editor handle. NULL does nothing. */
void emotext_editor_free(emotext_editor *editor);

/* ---- The typed editor ------------------------------------------------------------------------------------------
 *
 * The calls below drive the same editor as emotext_editor_apply, without JSON: each takes positions in the unit
 * the caller counts in and answers numbers, in O(log n) of the document plus the size of the text passed or
 * read (emotext_editor_apply writes the whole state, O(n) per call). They are thin mappings of the Swift
 * `Editor`'s calls in a unit (Editor+Units.swift): what one call does, the other does.
 *
 * The text a host's buffer holds is the "buffer text": each emoticon is one U+FFFC (1 UTF-16 unit, 1 scalar,
 * 3 UTF-8 bytes), so every position below indexes it. The "post text" has each emoticon as its token
 * (`好[哈哈]`: buffer text 6 UTF-8 bytes, post text 11).
 *
 * A host mirrors the document change by change: after each editing call, emotext_editor_last_change says which
 * range of its buffer to replace and how long the replacement is; emotext_editor_text_range reads the
 * replacement; emotext_editor_last_restyle says which range to re-tag (mentions, topics, links). The editing calls
 * are those that may change the text or the selection (insert, delete, select, replace, marked text, undo, redo,
 * cut, paste, emotext_editor_apply); reading (copy included) and settings (length limit, entity deletion) leave
 * the last change as it was.
 *
 * Every call returns EMOTEXT_INVALID_ARGUMENT for a NULL editor or result pointer, an unknown unit, or a
 * length or position above PTRDIFF_MAX, with a message in *error_out (which may be NULL); the document is then
 * unchanged. One thread at a time per editor, as for emotext_editor_apply. */

/* The unit a position or count is in. */
typedef enum emotext_unit {
  /* UTF-8 bytes of the buffer text (an emoticon is U+FFFC, 3 bytes): C, Rust, Go, GTK's insert-text. */
  EMOTEXT_UNIT_UTF8 = 0,
  /* UTF-16 code units: UIKit, AppKit, Android, JavaScript. */
  EMOTEXT_UNIT_UTF16 = 1,
  /* Unicode scalars (code points): GTK's text iterators, Python's str. */
  EMOTEXT_UNIT_SCALARS = 2
} emotext_unit;

/* Which text emotext_editor_text and emotext_editor_text_range read. */
typedef enum emotext_text_kind {
  /* The text as a host's buffer holds it: each emoticon one U+FFFC. */
  EMOTEXT_TEXT_BUFFER = 0,
  /* The post text: each emoticon as its token ("[哈哈]"), lossless. */
  EMOTEXT_TEXT_POST = 1
} emotext_text_kind;

/* The text change of the last editing call, in one unit (emotext_editor_last_change). */
typedef struct emotext_change {
  /* Nonzero when the last call changed the text; when zero the other fields are 0 (a call that only moved the
     selection or restyled, or nothing at all). */
  int32_t changed;
  /* The replaced range [start, old_end) of the document before the call. */
  size_t start;
  size_t old_end;
  /* The end of what replaced it, in the document after the call: the inserted count is new_end - start. */
  size_t new_end;
} emotext_change;

/* A range in one unit that may be absent (emotext_editor_last_restyle, emotext_editor_marked_range). */
typedef struct emotext_range {
  /* Nonzero when there is a range; when zero, start and end are 0. */
  int32_t present;
  size_t start;
  size_t end;
} emotext_range;

/* Types `text` (UTF-8) over the selection, as a keyboard does; the caret goes after it. Typing the `]` that
   completes a token makes it an emoticon. Consecutive typing undoes as one step. While text is marked it replaces
   and commits the marked text. EMOTEXT_INVALID_INPUT when it is not UTF-8. */
emotext_status emotext_editor_insert(emotext_editor *editor, const char *text, size_t text_length, char **error_out);

/* Inserts the emoticon whose token (code or alias, e.g. "[哈哈]") is `token` over the selection: an image as one
   attachment, an emoji as its text. EMOTEXT_INVALID_ARGUMENT when the catalog has no such token. */
emotext_status emotext_editor_insert_emoticon(emotext_editor *editor, const char *token, size_t token_length,
                                              char **error_out);

/* Backspace: removes the selection, or the emoticon, emoji sequence or code point before the caret. */
emotext_status emotext_editor_delete_backward(emotext_editor *editor, char **error_out);

/* Forward delete: removes the selection, or the grapheme cluster or emoticon after the caret. */
emotext_status emotext_editor_delete_forward(emotext_editor *editor, char **error_out);

/* Selects from `anchor` to `head` in `unit`, keeping the direction (head < anchor: extended backward). Offsets
   past the end are clamped to it; the selection is widened to whole grapheme clusters and emoticons. Marked text
   is committed first. */
emotext_status emotext_editor_select(emotext_editor *editor, size_t anchor, size_t head, emotext_unit unit,
                                     char **error_out);

/* Replaces [start, end) (in `unit`, widened to whole clusters) with `text`; the caret goes after it. One undo
   step. EMOTEXT_INVALID_ARGUMENT when start > end or end is past the document's end. */
emotext_status emotext_editor_replace(emotext_editor *editor, size_t start, size_t end, emotext_unit unit,
                                      const char *text, size_t text_length, char **error_out);

/* Sets the input method's marked (preedit) text over the selection or the current marked text, with
   [selected_start, selected_end) selected inside it, counted in `unit` from the marked text's start (clamped to
   it). Empty text removes the marked text. EMOTEXT_INVALID_ARGUMENT when selected_start > selected_end. */
emotext_status emotext_editor_set_marked_text(emotext_editor *editor, const char *text, size_t text_length,
                                              size_t selected_start, size_t selected_end, emotext_unit unit,
                                              char **error_out);

/* Commits the marked text as it stands; nothing when nothing is marked. */
emotext_status emotext_editor_unmark_text(emotext_editor *editor, char **error_out);

/* Deletes `count` units starting `offset` units from the caret (negative: before it), keeping the selection, as
   GTK's delete-surrounding asks (in scalars); widened to whole clusters, stopped at the document's ends. */
emotext_status emotext_editor_delete_surrounding(emotext_editor *editor, ptrdiff_t offset, size_t count,
                                                 emotext_unit unit, char **error_out);

/* Undoes (redoes) one step; *done_out (may be NULL) is 1 when there was one, else 0. */
emotext_status emotext_editor_undo(emotext_editor *editor, int32_t *done_out, char **error_out);
emotext_status emotext_editor_redo(emotext_editor *editor, int32_t *done_out, char **error_out);

/* The text change of the last call (typed or emotext_editor_apply) in `unit`. */
emotext_status emotext_editor_last_change(const emotext_editor *editor, emotext_unit unit, emotext_change *change_out,
                                          char **error_out);

/* The range the last call restyled without changing its text (an entity recognized or dropped), in `unit`, in the
   document after the call: a host re-tags it. */
emotext_status emotext_editor_last_restyle(const emotext_editor *editor, emotext_unit unit, emotext_range *range_out,
                                           char **error_out);

/* The selection's ends in `unit`: the anchor stays put when the selection is extended, the head is the caret. */
emotext_status emotext_editor_selection(const emotext_editor *editor, emotext_unit unit, size_t *anchor_out,
                                        size_t *head_out, char **error_out);

/* The marked text's range in `unit`. */
emotext_status emotext_editor_marked_range(const emotext_editor *editor, emotext_unit unit, emotext_range *range_out,
                                           char **error_out);

/* The document's length in `unit` (of the buffer text). */
emotext_status emotext_editor_count(const emotext_editor *editor, emotext_unit unit, size_t *count_out,
                                    char **error_out);

/* The whole document as `kind` text (NUL-terminated; may contain NUL: use the length). Release with
   emotext_string_free. O(n). */
emotext_status emotext_editor_text(const emotext_editor *editor, emotext_text_kind kind, char **text_out,
                                   size_t *text_length_out, char **error_out);

/* The part [start, end) of the buffer text (positions in `unit`, moved back to a scalar's start) as `kind` text:
   what a host inserts after a change is the range [change.start, change.new_end). O(log n + its length).
   EMOTEXT_INVALID_ARGUMENT when start > end or end is past the document's end. */
emotext_status emotext_editor_text_range(const emotext_editor *editor, emotext_text_kind kind, size_t start,
                                         size_t end, emotext_unit unit, char **text_out, size_t *text_length_out,
                                         char **error_out);

/* ---- The editor's clipboard, length limit and entity deletion ------------------------------------------------ */

/* One flavour of pasteboard content. */
typedef enum emotext_flavor {
  /* The post text (each emoticon as its token): a pasteboard's plain text. */
  EMOTEXT_FLAVOR_TEXT = 0,
  /* An HTML fragment; one this engine wrote restores its runs exactly, any other gives its visible text. */
  EMOTEXT_FLAVOR_HTML = 1,
  /* The document JSON (`emotext parse --json`): its runs are restored exactly. */
  EMOTEXT_FLAVOR_JSON = 2
} emotext_flavor;

/* The selection in the three flavours, as emotext_editor_copy and emotext_editor_cut fill it. Zero-initialize and
   set `size` to sizeof(emotext_clipboard); the strings (NUL-terminated; use the lengths) are the caller's, released
   together with emotext_clipboard_clear. A host writes all three to its pasteboard. */
typedef struct emotext_clipboard {
  size_t size;           /* sizeof(emotext_clipboard) as the caller was compiled */
  char *text;            /* EMOTEXT_FLAVOR_TEXT: the post text, never U+FFFC */
  size_t text_length;
  char *html;            /* EMOTEXT_FLAVOR_HTML */
  size_t html_length;
  char *json;            /* EMOTEXT_FLAVOR_JSON */
  size_t json_length;
} emotext_clipboard;

/* Releases the strings of a clipboard that emotext_editor_copy or emotext_editor_cut filled, and sets them to NULL
   (the size stays). NULL does nothing. */
void emotext_clipboard_clear(emotext_clipboard *clipboard);

/* The selection in the three flavours (empty strings for a caret). Changes nothing, emotext_editor_last_change
   included: that still reports the editing call before, so a host mirrors after editing calls only. */
emotext_status emotext_editor_copy(const emotext_editor *editor, emotext_clipboard *clipboard_out, char **error_out);

/* Copies the selection and removes it as one undo step (marked text is committed first); the change is in
   emotext_editor_last_change. */
emotext_status emotext_editor_cut(emotext_editor *editor, emotext_clipboard *clipboard_out, char **error_out);

/* Pastes `data` of `flavor` over the selection as one undo step, held to the length limit. EMOTEXT_INVALID_INPUT
   when it is not UTF-8 or a JSON flavour does not decode against the editor's catalog (the document is then
   unchanged; after JSON that does not decode, emotext_editor_last_change and
   emotext_editor_last_restyle report nothing, so a host that mirrors after every paste applies nothing; any other
   refusal leaves them as they were). */
emotext_status emotext_editor_paste(emotext_editor *editor, emotext_flavor flavor, const char *data,
                                    size_t data_length, char **error_out);

/* When a length limit cuts what is added. */
typedef enum emotext_limit_enforcement {
  /* Marked text is never cut; what is committed is cut to fit. */
  EMOTEXT_LIMIT_AFTER_COMPOSITION = 0,
  /* Marked text is cut as it is set, too. */
  EMOTEXT_LIMIT_ENFORCED = 1,
  /* Nothing is cut: the limit is only counted (emotext_editor_length_status). */
  EMOTEXT_LIMIT_COUNTED = 2
} emotext_limit_enforcement;

/* Limits what typing, pasting and inserting emoticons add to `maximum` in the length `rule` (as `emotext count
   --rule` names it; NULL is "weibo"): what would pass it is cut at a cluster, emoticon or URL boundary. Deleting is
   always allowed. EMOTEXT_INVALID_ARGUMENT for an unknown rule or enforcement. */
emotext_status emotext_editor_set_length_limit(emotext_editor *editor, const char *rule, size_t maximum,
                                               emotext_limit_enforcement enforcement, char **error_out);

/* Removes the length limit. */
emotext_status emotext_editor_clear_length_limit(emotext_editor *editor, char **error_out);

/* The document's length by the limit's rule and the limit's maximum; *limited_out is 0 (and the others 0) when
   there is no limit. A composer shows maximum - length, red below zero. */
emotext_status emotext_editor_length_status(const emotext_editor *editor, int32_t *limited_out, size_t *length_out,
                                            size_t *maximum_out, char **error_out);

/* What Backspace and forward delete remove next to a mention or topic. */
typedef enum emotext_entity_deletion {
  /* One cluster at a time, as everywhere else (the default). */
  EMOTEXT_ENTITY_DELETION_CHARACTERS = 0,
  /* The whole mention or topic in one step, as WeChat and QQ do. */
  EMOTEXT_ENTITY_DELETION_WHOLE = 1
} emotext_entity_deletion;

/* Sets what Backspace and forward delete remove next to a mention or topic. */
emotext_status emotext_editor_set_entity_deletion(emotext_editor *editor, emotext_entity_deletion deletion,
                                                  char **error_out);

/* The "text" of one JSON Lines record (`{"text": …}`, other members ignored), read as `--jsonl` reads it: a
   binding that reads records itself answers a bad line exactly as the CLI does. EMOTEXT_INVALID_INPUT when the line
   is not such a record, with the CLI's message (`byte N: not a record {"text": …}: expected …`). */
emotext_status emotext_record_text(const char *record, size_t record_length, char **text_out, size_t *text_length_out,
                                   char **error_out);

/* ---- Documents --------------------------------------------------------------------------------------------------
 *
 * A document is a parsed post, immutable: its runs are read by index without JSON, each with its range in the unit
 * asked for (of the buffer text, as the editor's positions) and pointers into the document's own bytes, valid until
 * emotext_document_free. A document may be read from several threads at once. */

typedef struct emotext_document emotext_document;

/* What a run is. */
typedef enum emotext_run_kind {
  EMOTEXT_RUN_TEXT = 0,
  /* An image emoticon: one U+FFFC of the buffer text. */
  EMOTEXT_RUN_EMOTICON = 1,
  /* `@name`, `#topic#` and a URL (only when the document was parsed with entities). */
  EMOTEXT_RUN_MENTION = 2,
  EMOTEXT_RUN_TOPIC = 3,
  EMOTEXT_RUN_LINK = 4
} emotext_run_kind;

/* One run, as emotext_document_run fills it. Zero-initialize and set `size` to sizeof(emotext_run); a caller
   compiled against an older, smaller struct gets the fields it has. The strings point into the document
   (NUL-terminated; use the lengths) and are not released by the caller. */
typedef struct emotext_run {
  size_t size;            /* sizeof(emotext_run) as the caller was compiled */
  emotext_run_kind kind;
  /* The run's range [start, end) of the buffer text, in the unit asked for. */
  size_t start;
  size_t end;
  /* The run's post text: its text, or the emoticon's token as written ("[愛你]"). */
  const char *text;
  size_t text_length;
  /* An emoticon's catalog code ("[爱你]"), and its image file relative to its pack's folder; NULL for text. */
  const char *code;
  size_t code_length;
  const char *image;
  size_t image_length;
} emotext_run;

/* The document of the post text `text`: emoticons of the catalog (NULL: the default) as attachments, unknown
   tokens as text; with `entities` nonzero, mentions, topics and links (found by the `links` rule, NULL "weibo") as
   runs of their kind. As emotext_parse, without JSON. Release with emotext_document_free. */
emotext_status emotext_document_parse(const emotext_catalog *catalog, const char *text, size_t text_length,
                                      int32_t entities, const char *links, emotext_document **document_out,
                                      char **error_out);

/* Releases a document. NULL does nothing. */
void emotext_document_free(emotext_document *document);

/* A document's counts, as emotext_document_counts fills them. Zero-initialize and set `size` to
   sizeof(emotext_counts). Each emoticon counts 1 in every count but utf8 (3, its U+FFFC) and post_utf8. */
typedef struct emotext_counts {
  size_t size;            /* sizeof(emotext_counts) as the caller was compiled */
  size_t weighted;        /* the length by the rule asked for (`emotext count`'s first column) */
  size_t utf16;
  size_t scalars;
  size_t graphemes;       /* grapheme clusters, an emoticon one */
  size_t utf8;            /* bytes of the buffer text */
  size_t post_utf8;       /* bytes of the post text */
  size_t emoticons;       /* image emoticons (attachments) */
  size_t runs;
} emotext_counts;

/* The document's counts; the weighted one by `rule` (NULL: "weibo"). EMOTEXT_INVALID_ARGUMENT for an unknown rule
   or a counts->size too small to hold its own field. */
emotext_status emotext_document_counts(const emotext_document *document, const char *rule,
                                       emotext_counts *counts_out, char **error_out);

/* Run `index` (0 ..< counts.runs) with its range in `unit`. O(1). EMOTEXT_INVALID_ARGUMENT past the last run. */
emotext_status emotext_document_run(const emotext_document *document, size_t index, emotext_unit unit,
                                    emotext_run *run_out, char **error_out);

/* The document as `kind` text. Release with emotext_string_free. */
emotext_status emotext_document_text(const emotext_document *document, emotext_text_kind kind, char **text_out,
                                     size_t *text_length_out, char **error_out);

#ifdef __cplusplus
}
#endif

#endif /* EMOTEXT_H */
