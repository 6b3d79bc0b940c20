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
 * NULL is allowed when the length is 0). Input that is not UTF-8 is refused (EMOTEXT_INVALID_INPUT), never
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

/* The options of `emotext render --html`. Zero-initialize, then set what you need: zero/NULL is the CLI's
   default for each. */
typedef struct emotext_html_options {
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
   the document is unchanged). One thread at a time per editor. */
emotext_status emotext_editor_apply(emotext_editor *editor, const char *command_json, size_t command_length,
                                    char **state_out, size_t *state_length_out, char **error_out);

/* Releases an editor handle. NULL does nothing. */
void emotext_editor_free(emotext_editor *editor);

#ifdef __cplusplus
}
#endif

#endif /* EMOTEXT_H */
