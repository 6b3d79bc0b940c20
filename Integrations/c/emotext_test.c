/*
 * Calls every function of emotext.h, error paths included, and checks each answer against what the `emotext`
 * CLI writes for the same input (the expected strings below were taken from the CLI). Built by
 * .ci/checks/c-abi-python.sh with -fsanitize=address and run, then run again under valgrind --leak-check=full.
 *
 *   cc -std=c11 -Wall -Wextra -Werror -I Sources/EmotextC/include Integrations/c/emotext_test.c -L DIR -lemotext
 *   ./emotext_test [CATALOG.json]
 */
#include <emotext.h>

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(condition)                                                    \
  do {                                                                      \
    if (!(condition)) {                                                     \
      fprintf(stderr, "%s:%d: FAIL %s\n", __FILE__, __LINE__, #condition);  \
      failures++;                                                           \
    }                                                                       \
  } while (0)

/* Checks an answer: the status is OK, the text equals `expected` (with its length), and no error is left. */
static void expect_answer(int line, emotext_status status, char *answer, size_t length, char *error,
                          const char *expected, size_t expected_length) {
  if (status != EMOTEXT_OK || answer == NULL || length != expected_length ||
      memcmp(answer, expected, expected_length) != 0 || answer[length] != '\0' || error != NULL) {
    fprintf(stderr, "%s:%d: FAIL status %d, answer [%.*s] (%zu bytes), error [%s]; expected [%s]\n", __FILE__, line,
            (int)status, answer ? (int)length : 0, answer ? answer : "", length, error ? error : "", expected);
    failures++;
  }
  emotext_string_free(answer);
  emotext_string_free(error);
}

/* Checks a failure: the status, no answer, and an error message that contains `fragment`. */
static void expect_failure(int line, emotext_status status, char *answer, char *error, emotext_status expected,
                           const char *fragment) {
  if (status != expected || answer != NULL || error == NULL || strstr(error, fragment) == NULL) {
    fprintf(stderr, "%s:%d: FAIL status %d (expected %d), error [%s], expected it to contain [%s]\n", __FILE__,
            line, (int)status, (int)expected, error ? error : "(null)", fragment);
    failures++;
  }
  emotext_string_free(answer);
  emotext_string_free(error);
}

#define EXPECT(call, expected)                                                           \
  do {                                                                                   \
    char *answer = NULL, *error = NULL;                                                  \
    size_t length = 0;                                                                   \
    emotext_status status = call;                                                        \
    expect_answer(__LINE__, status, answer, length, error, expected, sizeof(expected) - 1); \
  } while (0)

#define EXPECT_FAILURE(call, expected_status, fragment)                                  \
  do {                                                                                   \
    char *answer = (char *)"unset", *error = NULL;                                       \
    size_t length = 0;                                                                   \
    emotext_status status = call;                                                        \
    (void)length;                                                                        \
    expect_failure(__LINE__, status, answer, error, expected_status, fragment);          \
  } while (0)

#define TEXT(literal) literal, sizeof(literal) - 1

static const char post[] = "今天好开心[哈哈]👍🏽 @小明 #春天# https://weibo.com";

/* One thread's share of the concurrency check: the same answers through one shared catalog. */
static void *count_many(void *shared_catalog) {
  const emotext_catalog *catalog = shared_catalog;
  long wrong = 0;
  for (int i = 0; i < 200; i++) {
    char *answer = NULL;
    size_t length = 0;
    if (emotext_count(catalog, TEXT("好[哈哈]"), "graphemes", &answer, &length, NULL) != EMOTEXT_OK ||
        strcmp(answer, "{\"text\":\"好[哈哈]\",\"rule\":\"graphemes\",\"weighted\":2,\"utf16\":2,\"scalars\":2,"
                       "\"graphemes\":2}") != 0) {
      wrong++;
    }
    emotext_string_free(answer);
  }
  return (void *)wrong;
}

/* The editor's text of `kind`, whole; the caller frees it. */
static char *editor_text(const emotext_editor *editor, emotext_text_kind kind, size_t *length) {
  char *text = NULL;
  CHECK(emotext_editor_text(editor, kind, &text, length, NULL) == EMOTEXT_OK);
  return text;
}

#define EXPECT_TEXT(editor, kind, expected)                                    \
  do {                                                                         \
    size_t text_length = 0;                                                    \
    char *text = editor_text(editor, kind, &text_length);                      \
    if (text == NULL || text_length != sizeof(expected) - 1 || memcmp(text, expected, text_length) != 0) { \
      fprintf(stderr, "%s:%d: FAIL text [%s], expected [%s]\n", __FILE__, __LINE__, text ? text : "", expected); \
      failures++;                                                              \
    }                                                                          \
    emotext_string_free(text);                                                 \
  } while (0)

/* Checks the last change in `unit`. */
static void expect_change(int line, const emotext_editor *editor, emotext_unit unit, int changed, size_t start,
                          size_t old_end, size_t new_end) {
  emotext_change change = {1, 99, 99, 99};
  emotext_status status = emotext_editor_last_change(editor, unit, &change, NULL);
  if (status != EMOTEXT_OK || change.changed != changed || change.start != start || change.old_end != old_end ||
      change.new_end != new_end) {
    fprintf(stderr, "%s:%d: FAIL change (unit %d) %d %zu..<%zu -> %zu, expected %d %zu..<%zu -> %zu\n", __FILE__,
            line, (int)unit, change.changed, change.start, change.old_end, change.new_end, changed, start, old_end,
            new_end);
    failures++;
  }
}
#define EXPECT_CHANGE(editor, unit, changed, start, old_end, new_end) \
  expect_change(__LINE__, editor, unit, changed, start, old_end, new_end)

static void expect_selection(int line, const emotext_editor *editor, emotext_unit unit, size_t anchor, size_t head) {
  size_t a = 99, h = 99;
  if (emotext_editor_selection(editor, unit, &a, &h, NULL) != EMOTEXT_OK || a != anchor || h != head) {
    fprintf(stderr, "%s:%d: FAIL selection (unit %d) %zu, %zu; expected %zu, %zu\n", __FILE__, line, (int)unit, a, h,
            anchor, head);
    failures++;
  }
}
#define EXPECT_SELECTION(editor, unit, anchor, head) expect_selection(__LINE__, editor, unit, anchor, head)

/* Checks a refused call that answers no string: its status and a message containing `fragment`. */
#define EXPECT_REFUSAL(call, expected_status, fragment)                                        \
  do {                                                                                         \
    char *error = NULL;                                                                        \
    emotext_status status = call;                                                              \
    expect_failure(__LINE__, status, NULL, error, expected_status, fragment);                  \
  } while (0)

/* The typed editor call by call, in each unit: an emoticon is one U+FFFC (1 UTF-16 unit, 1 scalar, 3 bytes). */
static void test_typed_editor(void) {
  emotext_editor *editor = emotext_editor_new(NULL);
  char *error = (char *)"unset";
  CHECK(emotext_editor_insert(editor, TEXT("😀好"), &error) == EMOTEXT_OK && error == NULL);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 1, 0, 0, 7);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF16, 1, 0, 0, 3);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_SCALARS, 1, 0, 0, 2);
  /* shift+left twice: the head before the anchor */
  CHECK(emotext_editor_select(editor, 2, 0, EMOTEXT_UNIT_SCALARS, NULL) == EMOTEXT_OK);
  EXPECT_SELECTION(editor, EMOTEXT_UNIT_UTF8, 7, 0);
  EXPECT_SELECTION(editor, EMOTEXT_UNIT_UTF16, 3, 0);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 0, 0, 0, 0);
  CHECK(emotext_editor_insert(editor, TEXT("你"), NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_SCALARS, 1, 0, 2, 1);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 1, 0, 7, 3);
  /* typing the `]` that completes a token makes an emoticon: one U+FFFC in the buffer */
  CHECK(emotext_editor_insert(editor, TEXT("[哈哈"), NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_insert(editor, TEXT("]"), NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_SCALARS, 1, 1, 4, 2);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_BUFFER, "你\xef\xbf\xbc");
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "你[哈哈]");
  size_t count = 0;
  CHECK(emotext_editor_count(editor, EMOTEXT_UNIT_UTF8, &count, NULL) == EMOTEXT_OK && count == 6);
  CHECK(emotext_editor_count(editor, EMOTEXT_UNIT_SCALARS, &count, NULL) == EMOTEXT_OK && count == 2);
  CHECK(emotext_editor_insert_emoticon(editor, TEXT("[微笑]"), NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 1, 6, 6, 9);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "你[哈哈][微笑]");
  EXPECT(emotext_editor_text_range(editor, EMOTEXT_TEXT_POST, 3, 9, EMOTEXT_UNIT_UTF8, &answer, &length, &error),
         "[哈哈][微笑]");
  /* a position inside a scalar's bytes moves back to its start */
  EXPECT(emotext_editor_text_range(editor, EMOTEXT_TEXT_BUFFER, 1, 4, EMOTEXT_UNIT_UTF8, &answer, &length, &error),
         "你");
  /* backspace removes an emoticon whole; undo and redo */
  CHECK(emotext_editor_delete_backward(editor, NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 1, 6, 9, 6);
  int32_t done = 0;
  CHECK(emotext_editor_undo(editor, &done, NULL) == EMOTEXT_OK && done == 1);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "你[哈哈][微笑]");
  CHECK(emotext_editor_redo(editor, &done, NULL) == EMOTEXT_OK && done == 1);
  CHECK(emotext_editor_redo(editor, &done, NULL) == EMOTEXT_OK && done == 0);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "你[哈哈]");
  /* replace a range; forward delete */
  CHECK(emotext_editor_replace(editor, 0, 1, EMOTEXT_UNIT_SCALARS, TEXT("我们"), NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_SCALARS, 1, 0, 1, 2);
  EXPECT_SELECTION(editor, EMOTEXT_UNIT_SCALARS, 2, 2);
  CHECK(emotext_editor_delete_forward(editor, NULL) == EMOTEXT_OK);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "我们");
  /* marked text, with its selection in scalars; then committed */
  CHECK(emotext_editor_set_marked_text(editor, TEXT("ni好"), 2, 3, EMOTEXT_UNIT_SCALARS, NULL) == EMOTEXT_OK);
  emotext_range range = {0, 0, 0};
  CHECK(emotext_editor_marked_range(editor, EMOTEXT_UNIT_UTF8, &range, NULL) == EMOTEXT_OK);
  CHECK(range.present == 1 && range.start == 6 && range.end == 11);
  EXPECT_SELECTION(editor, EMOTEXT_UNIT_SCALARS, 4, 5);
  CHECK(emotext_editor_unmark_text(editor, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_marked_range(editor, EMOTEXT_UNIT_UTF8, &range, NULL) == EMOTEXT_OK && range.present == 0);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "我们ni好");
  /* delete surrounding: two scalars before the caret */
  CHECK(emotext_editor_select(editor, 4, 4, EMOTEXT_UNIT_SCALARS, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_delete_surrounding(editor, -2, 2, EMOTEXT_UNIT_SCALARS, NULL) == EMOTEXT_OK);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "我们好");
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_UTF8, 1, 6, 8, 6);
  /* a mention typed is a restyle of its range, apart from the text change */
  CHECK(emotext_editor_select(editor, 0, 0, EMOTEXT_UNIT_UTF8, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_insert(editor, TEXT("@小明 "), NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_last_restyle(editor, EMOTEXT_UNIT_SCALARS, &range, NULL) == EMOTEXT_OK);
  CHECK(range.present == 1 && range.start == 0 && range.end == 3);
  /* refusals */
  EXPECT_REFUSAL(emotext_editor_insert_emoticon(editor, TEXT("[nope]"), &error), EMOTEXT_INVALID_ARGUMENT,
                 "unknown emoticon [nope]");
  EXPECT_REFUSAL(emotext_editor_replace(editor, 2, 1, EMOTEXT_UNIT_UTF8, TEXT("x"), &error), EMOTEXT_INVALID_ARGUMENT,
                 "is not in the document");
  EXPECT_REFUSAL(emotext_editor_replace(editor, 0, 999, EMOTEXT_UNIT_UTF8, TEXT("x"), &error),
                 EMOTEXT_INVALID_ARGUMENT, "is not in the document");
  EXPECT_REFUSAL(emotext_editor_select(editor, (size_t)PTRDIFF_MAX + 1, 0, EMOTEXT_UNIT_UTF8, &error),
                 EMOTEXT_INVALID_ARGUMENT, "above PTRDIFF_MAX");
  EXPECT_REFUSAL(emotext_editor_select(editor, 0, 0, (emotext_unit)7, &error), EMOTEXT_INVALID_ARGUMENT,
                 "unit is 7");
  EXPECT_REFUSAL(emotext_editor_insert(editor, TEXT("\xff"), &error), EMOTEXT_INVALID_INPUT, "invalid UTF-8");
  EXPECT_REFUSAL(emotext_editor_delete_backward(NULL, &error), EMOTEXT_INVALID_ARGUMENT, "editor is NULL");
  EXPECT_REFUSAL(emotext_editor_last_change(editor, EMOTEXT_UNIT_UTF8, NULL, &error), EMOTEXT_INVALID_ARGUMENT,
                 "change_out is NULL");
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "@小明 我们好");
  emotext_editor_free(editor);
}

/* The editor's clipboard in three flavours, its length limit and entity deletion. */
static void test_editor_clipboard_and_limits(void) {
  emotext_editor *editor = emotext_editor_new(NULL);
  char *error = (char *)"unset";
  CHECK(emotext_editor_insert(editor, TEXT("好开心[哈哈]"), NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_select(editor, 2, 4, EMOTEXT_UNIT_SCALARS, NULL) == EMOTEXT_OK);
  emotext_clipboard clipboard;
  memset(&clipboard, 0, sizeof clipboard);
  clipboard.size = sizeof clipboard;
  CHECK(emotext_editor_copy(editor, &clipboard, &error) == EMOTEXT_OK && error == NULL);
  CHECK(clipboard.text_length == strlen("心[哈哈]") && strcmp(clipboard.text, "心[哈哈]") == 0);
  CHECK(strstr(clipboard.html, "alt=\"[哈哈]\"") != NULL);
  CHECK(strcmp(clipboard.json, "{\"version\":1,\"runs\":[{\"text\":\"心\"},{\"emoticon\":\"[哈哈]\"}]}") == 0);
  emotext_clipboard_clear(&clipboard);
  CHECK(clipboard.text == NULL && clipboard.html == NULL && clipboard.json == NULL && clipboard.size == sizeof clipboard);
  CHECK(emotext_editor_cut(editor, &clipboard, NULL) == EMOTEXT_OK);
  EXPECT_CHANGE(editor, EMOTEXT_UNIT_SCALARS, 1, 2, 4, 2);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "好开");
  CHECK(emotext_editor_paste(editor, EMOTEXT_FLAVOR_JSON, clipboard.json, clipboard.json_length, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_paste(editor, EMOTEXT_FLAVOR_HTML, clipboard.html, clipboard.html_length, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_paste(editor, EMOTEXT_FLAVOR_TEXT, clipboard.text, clipboard.text_length, NULL) == EMOTEXT_OK);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "好开心[哈哈]心[哈哈]心[哈哈]");
  emotext_clipboard_clear(&clipboard);
  emotext_clipboard_clear(NULL);
  EXPECT_REFUSAL(emotext_editor_paste(editor, EMOTEXT_FLAVOR_JSON, TEXT("{\"runs\":3}"), &error), EMOTEXT_INVALID_INPUT,
                 "version");
  EXPECT_REFUSAL(emotext_editor_paste(editor, (emotext_flavor)9, TEXT("x"), &error), EMOTEXT_INVALID_ARGUMENT,
                 "flavor is 9");
  clipboard.size = 8;
  EXPECT_REFUSAL(emotext_editor_copy(editor, &clipboard, &error), EMOTEXT_INVALID_ARGUMENT, "less than sizeof");
  /* a length limit in grapheme clusters cuts what is typed; the status counts it */
  int32_t limited = -1;
  size_t length = 0, maximum = 0;
  CHECK(emotext_editor_length_status(editor, &limited, &length, &maximum, NULL) == EMOTEXT_OK && limited == 0);
  CHECK(emotext_editor_set_length_limit(editor, "graphemes", 9, EMOTEXT_LIMIT_AFTER_COMPOSITION, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_insert(editor, TEXT("今天很好"), NULL) == EMOTEXT_OK);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "好开心[哈哈]心[哈哈]心[哈哈]今");
  CHECK(emotext_editor_length_status(editor, &limited, &length, &maximum, NULL) == EMOTEXT_OK);
  CHECK(limited == 1 && length == 9 && maximum == 9);
  EXPECT_REFUSAL(emotext_editor_set_length_limit(editor, "tweets", 9, EMOTEXT_LIMIT_ENFORCED, &error),
                 EMOTEXT_INVALID_ARGUMENT, "rule is \"tweets\"");
  EXPECT_REFUSAL(emotext_editor_set_length_limit(editor, NULL, (size_t)-1, EMOTEXT_LIMIT_ENFORCED, &error),
                 EMOTEXT_INVALID_ARGUMENT, "above PTRDIFF_MAX");
  CHECK(emotext_editor_clear_length_limit(editor, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_length_status(editor, &limited, &length, &maximum, NULL) == EMOTEXT_OK && limited == 0);
  /* entity deletion: a mention goes whole */
  CHECK(emotext_editor_insert(editor, TEXT(" @小明"), NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_set_entity_deletion(editor, EMOTEXT_ENTITY_DELETION_WHOLE, NULL) == EMOTEXT_OK);
  CHECK(emotext_editor_delete_backward(editor, NULL) == EMOTEXT_OK);
  EXPECT_TEXT(editor, EMOTEXT_TEXT_POST, "好开心[哈哈]心[哈哈]心[哈哈]今 ");
  EXPECT_REFUSAL(emotext_editor_set_entity_deletion(editor, (emotext_entity_deletion)5, &error),
                 EMOTEXT_INVALID_ARGUMENT, "deletion is 5");
  emotext_editor_free(editor);
}

/* A document's runs read by index in every unit, its counts, and a caller's older, smaller run struct. */
static void test_documents(void) {
  emotext_document *document = NULL;
  char *error = (char *)"unset";
  CHECK(emotext_document_parse(NULL, TEXT("好[愛你] @小明 x"), 1, NULL, &document, &error) == EMOTEXT_OK &&
        error == NULL);
  emotext_counts counts;
  memset(&counts, 0, sizeof counts);
  counts.size = sizeof counts;
  CHECK(emotext_document_counts(document, "graphemes", &counts, NULL) == EMOTEXT_OK);
  CHECK(counts.runs == 5 && counts.emoticons == 1 && counts.weighted == 8 && counts.scalars == 8);
  CHECK(counts.utf8 == 3 + 3 + 1 + 7 + 2 && counts.post_utf8 == strlen("好[愛你] @小明 x"));
  emotext_run run;
  memset(&run, 0, sizeof run);
  run.size = sizeof run;
  CHECK(emotext_document_run(document, 1, EMOTEXT_UNIT_UTF8, &run, NULL) == EMOTEXT_OK);
  CHECK(run.kind == EMOTEXT_RUN_EMOTICON && run.start == 3 && run.end == 6);
  CHECK(strcmp(run.text, "[愛你]") == 0 && strcmp(run.code, "[爱你]") == 0 && run.image != NULL);
  CHECK(emotext_document_run(document, 3, EMOTEXT_UNIT_SCALARS, &run, NULL) == EMOTEXT_OK);
  CHECK(run.kind == EMOTEXT_RUN_MENTION && run.start == 3 && run.end == 6 && run.code == NULL);
  CHECK(run.text_length == strlen("@小明") && memcmp(run.text, "@小明", run.text_length) == 0);
  /* a caller compiled when the struct ended before `text` gets only what it has */
  memset(&run, 0xab, sizeof run);
  run.size = offsetof(emotext_run, text);
  CHECK(emotext_document_run(document, 4, EMOTEXT_UNIT_UTF16, &run, NULL) == EMOTEXT_OK);
  CHECK(run.kind == EMOTEXT_RUN_TEXT && run.start == 6 && run.end == 8);
  CHECK(run.text_length == (size_t)0xabababababababab);
  EXPECT(emotext_document_text(document, EMOTEXT_TEXT_BUFFER, &answer, &length, &error),
         "好\xef\xbf\xbc @小明 x");
  EXPECT(emotext_document_text(document, EMOTEXT_TEXT_POST, &answer, &length, &error), "好[愛你] @小明 x");
  EXPECT_REFUSAL(emotext_document_run(document, 5, EMOTEXT_UNIT_UTF8, &run, &error), EMOTEXT_INVALID_ARGUMENT,
                 "past the last run");
  EXPECT_REFUSAL(emotext_document_counts(NULL, NULL, &counts, &error), EMOTEXT_INVALID_ARGUMENT, "document is NULL");
  emotext_document_free(document);
  emotext_document_free(NULL);
  document = (emotext_document *)&counts;
  EXPECT_REFUSAL(emotext_document_parse(NULL, "x", (size_t)PTRDIFF_MAX + 1, 0, NULL, &document, &error),
                 EMOTEXT_INVALID_ARGUMENT, "above PTRDIFF_MAX");
  CHECK(document == NULL);
  EXPECT_REFUSAL(emotext_document_parse(NULL, TEXT("x"), 1, "mastodon", &document, &error), EMOTEXT_INVALID_ARGUMENT,
                 "links is \"mastodon\"");
  /* a JSON Lines record read as --jsonl reads it */
  EXPECT(emotext_record_text(TEXT("{\"id\":1,\"text\":\"a\\u00e9\"}"), &answer, &length, &error), "a\xc3\xa9");
  EXPECT_FAILURE(emotext_record_text(TEXT("{\"text\":"), &answer, &length, &error), EMOTEXT_INVALID_INPUT,
                 "byte 8: not a record");
}

/* Applies the editor's last change to `mirror` as a host applies it to its buffer. */
static void mirror_change(const emotext_editor *editor, char **mirror_pointer, size_t *mirror_length_pointer) {
  char *mirror = *mirror_pointer;
  size_t mirror_length = *mirror_length_pointer;
    emotext_change change;
    CHECK(emotext_editor_last_change(editor, EMOTEXT_UNIT_UTF8, &change, NULL) == EMOTEXT_OK);
    if (change.changed) {
      char *inserted = NULL;
      size_t inserted_length = 0;
      CHECK(change.start <= change.old_end && change.old_end <= mirror_length);
      CHECK(emotext_editor_text_range(editor, EMOTEXT_TEXT_BUFFER, change.start, change.new_end, EMOTEXT_UNIT_UTF8,
                                      &inserted, &inserted_length, NULL) == EMOTEXT_OK);
      CHECK(inserted_length == change.new_end - change.start);
      if (failures) { emotext_string_free(inserted); return; }
      size_t tail = mirror_length - change.old_end;
      char *next = malloc(change.start + inserted_length + tail + 1);
      memcpy(next, mirror, change.start);
      memcpy(next + change.start, inserted, inserted_length);
      memcpy(next + change.start + inserted_length, mirror + change.old_end, tail + 1);
      free(mirror);
      mirror = next;
      mirror_length = change.start + inserted_length + tail;
      emotext_string_free(inserted);
    }
  *mirror_pointer = mirror;
  *mirror_length_pointer = mirror_length;
}

/* A seeded random session through the typed calls, in UTF-8, mirrored the way a host mirrors it: after each call
   the mirror replaces [start, old_end) with the text of [start, new_end) read from the editor, and must then equal
   the editor's buffer text. Prints the seed on failure. */
static void mirror_session(unsigned seed, int steps) {
  static const char *pieces[] = {"a", "好", "[哈哈]", "[", "]", "哈", "😀", "👍", "🏽", "@小明 ", "#春天#", " ",
                                 "e\xcc\x81", "\n", "https://weibo.com ", "🇨🇳"};
  emotext_editor *editor = emotext_editor_new(NULL);
  char *mirror = calloc(1, 1);
  size_t mirror_length = 0;
  unsigned state = seed;
  for (int step = 0; step < steps && failures == 0; step++) {
    state = state * 1103515245u + 12345u;
    unsigned choice = (state >> 16) % 11;
    const char *piece = pieces[(state >> 8) % (sizeof pieces / sizeof *pieces)];
    size_t count = 0;
    emotext_editor_count(editor, EMOTEXT_UNIT_UTF8, &count, NULL);
    size_t a = count ? (state >> 4) % (count + 1) : 0, b = count ? (state >> 12) % (count + 1) : 0;
    emotext_status status = EMOTEXT_OK;
    switch (choice) {
      case 0: case 1: case 2: status = emotext_editor_insert(editor, piece, strlen(piece), NULL); break;
      case 3: status = emotext_editor_delete_backward(editor, NULL); break;
      case 4: status = emotext_editor_delete_forward(editor, NULL); break;
      case 5: status = emotext_editor_select(editor, a, b, EMOTEXT_UNIT_UTF8, NULL); break;
      case 6: status = emotext_editor_replace(editor, a < b ? a : b, a < b ? b : a, EMOTEXT_UNIT_UTF8, piece,
                                              strlen(piece), NULL); break;
      case 7: status = emotext_editor_undo(editor, NULL, NULL); break;
      case 8: status = emotext_editor_set_marked_text(editor, piece, strlen(piece), 0, 1, EMOTEXT_UNIT_SCALARS,
                                                      NULL); break;
      case 9: status = emotext_editor_redo(editor, NULL, NULL); break;
      default: status = emotext_editor_delete_surrounding(editor, -1, 2, EMOTEXT_UNIT_SCALARS, NULL); break;
    }
    CHECK(status == EMOTEXT_OK);
    mirror_change(editor, &mirror, &mirror_length);
    size_t text_length = 0;
    char *text = editor_text(editor, EMOTEXT_TEXT_BUFFER, &text_length);
    if (text_length != mirror_length || memcmp(text, mirror, mirror_length) != 0) {
      fprintf(stderr, "FAIL mirror_session seed %u step %d (call %u): mirror [%s], editor [%s]\n", seed, step, choice,
              mirror, text);
      failures++;
    }
    emotext_string_free(text);
  }
  free(mirror);
  emotext_editor_free(editor);
}

/* The version in Sources/EmotextCLISupport/Answers/Version.swift, which .ci/checks/c-abi-python.sh passes. */
#ifndef EMOTEXT_EXPECTED_VERSION
#error "compile with -DEMOTEXT_EXPECTED_VERSION='\"X.Y.Z\"', the version in Version.swift"
#endif

int main(int argc, char **argv) {
  /* version */
  CHECK(strcmp(emotext_version(), EMOTEXT_EXPECTED_VERSION) == 0);

  /* catalogs */
  emotext_catalog *catalog = emotext_catalog_default();
  CHECK(catalog != NULL);
  emotext_catalog *loaded = NULL;
  char *error = NULL;
  CHECK(emotext_catalog_load("/nonexistent/catalog.json", &loaded, &error) == EMOTEXT_CATALOG_ERROR);
  CHECK(loaded == NULL);
  CHECK(error != NULL && strncmp(error, "cannot load catalog /nonexistent/catalog.json: ", 47) == 0);
  emotext_string_free(error);
  error = (char *)"unset";
  CHECK(emotext_catalog_load(NULL, &loaded, &error) == EMOTEXT_INVALID_ARGUMENT);
  emotext_string_free(error);
  CHECK(emotext_catalog_load("x", NULL, NULL) == EMOTEXT_INVALID_ARGUMENT);
  if (argc > 1) {
    error = (char *)"unset";
    CHECK(emotext_catalog_load(argv[1], &loaded, &error) == EMOTEXT_OK);
    CHECK(loaded != NULL && error == NULL);
    EXPECT(emotext_count(loaded, TEXT("a"), NULL, &answer, &length, &error),
           "{\"text\":\"a\",\"rule\":\"weibo\",\"weighted\":1,\"utf16\":1,\"scalars\":1,\"graphemes\":1}");
    emotext_catalog_free(loaded);
  }
  emotext_catalog_free(NULL);

  /* count: emotext count --jsonl [--rule …] */
  EXPECT(emotext_count(catalog, TEXT(post), NULL, &answer, &length, &error),
         "{\"text\":\"今天好开心[哈哈]👍🏽 @小明 #春天# https://weibo.com\",\"rule\":\"weibo\",\"weighted\":29,"
         "\"utf16\":37,\"scalars\":35,\"graphemes\":34}");
  EXPECT(emotext_count(NULL, TEXT(post), "twitter", &answer, &length, &error),
         "{\"text\":\"今天好开心[哈哈]👍🏽 @小明 #春天# https://weibo.com\",\"rule\":\"twitter\",\"weighted\":55,"
         "\"utf16\":37,\"scalars\":35,\"graphemes\":34}");
  EXPECT(emotext_count(catalog, TEXT("a\0b"), "scalars", &answer, &length, &error),
         "{\"text\":\"a\\u0000b\",\"rule\":\"scalars\",\"weighted\":3,\"utf16\":3,\"scalars\":3,\"graphemes\":3}");
  EXPECT(emotext_count(catalog, NULL, 0, "utf16", &answer, &length, &error),
         "{\"text\":\"\",\"rule\":\"utf16\",\"weighted\":0,\"utf16\":0,\"scalars\":0,\"graphemes\":0}");
  EXPECT_FAILURE(emotext_count(catalog, TEXT(post), "tweets", &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "--rule takes weibo, twitter, utf16, scalars or graphemes, not 'tweets'");
  EXPECT_FAILURE(emotext_count(catalog, TEXT("ok \xff"), NULL, &answer, &length, &error), EMOTEXT_INVALID_INPUT,
                 "byte 3: invalid UTF-8 (byte 0xFF)");
  EXPECT_FAILURE(emotext_count(catalog, NULL, 3, NULL, &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "text is NULL but its length is 3");
  CHECK(emotext_count(catalog, TEXT("a"), NULL, NULL, NULL, NULL) == EMOTEXT_INVALID_ARGUMENT);

  /* truncate: emotext truncate --max N [--rule …] [--ellipsis …] */
  EXPECT(emotext_truncate(catalog, TEXT("今天好开心[哈哈]👨‍👩‍👧 真的"), 5, "graphemes", "…", &answer, &length, &error),
         "今天好开…");
  EXPECT(emotext_truncate(catalog, TEXT("短"), 140, NULL, NULL, &answer, &length, &error), "短");
  EXPECT(emotext_truncate(catalog, TEXT("ab\0cd"), 3, "utf16", NULL, &answer, &length, &error), "ab\0");
  EXPECT_FAILURE(emotext_truncate(catalog, TEXT("abc"), 1, "graphemes", "...", &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--ellipsis '...' is 3 long by the graphemes rule, longer than --max 1");
  EXPECT_FAILURE(emotext_truncate(catalog, TEXT("abc"), (size_t)1 << 40, NULL, NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--max takes a whole number from 0 to 2147483647");
  EXPECT_FAILURE(emotext_truncate(catalog, TEXT("abc"), 2, "words", NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "not 'words'");
  EXPECT_FAILURE(emotext_truncate(catalog, TEXT("abc"), 2, NULL, "\xc3", &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "ellipsis: byte 0: invalid UTF-8 (byte 0xC3)");

  /* parse: emotext parse --json [--entities [--links …]] */
  EXPECT(emotext_parse(catalog, TEXT("好[哈哈]"), 0, NULL, &answer, &length, &error),
         "{\"version\":1,\"runs\":[{\"text\":\"好\"},{\"emoticon\":\"[哈哈]\"}]}");
  EXPECT(emotext_parse(catalog, TEXT("@小明 看 example.com"), 1, NULL, &answer, &length, &error),
         "{\"version\":1,\"runs\":[{\"text\":\"@小明\",\"entity\":\"mention\"},{\"text\":\" 看 example.com\"}]}");
  EXPECT(emotext_parse(catalog, TEXT("@小明 看 example.com"), 1, "twitter", &answer, &length, &error),
         "{\"version\":1,\"runs\":[{\"text\":\"@小明\",\"entity\":\"mention\"},{\"text\":\" 看 \"},"
         "{\"text\":\"example.com\",\"entity\":\"link\"}]}");
  EXPECT_FAILURE(emotext_parse(catalog, TEXT("x"), 1, "bing", &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "--links takes weibo or twitter, not 'bing'");
  EXPECT_FAILURE(emotext_parse(catalog, TEXT("\xe4\xbd"), 0, NULL, &answer, &length, &error), EMOTEXT_INVALID_INPUT,
                 "byte 0: invalid UTF-8");

  /* serialize: emotext serialize [--nfc] */
  EXPECT(emotext_serialize(catalog, TEXT("{\"version\":1,\"runs\":[{\"text\":\"好\"},{\"emoticon\":\"[哈哈]\"}]}"), 0,
                           &answer, &length, &error),
         "好[哈哈]");
  EXPECT(emotext_serialize(catalog, TEXT("{\"version\":1,\"runs\":[{\"text\":\"e\\u0301\\u0000\"}]}"), 1, &answer,
                           &length, &error),
         "\xc3\xa9\0");
  EXPECT_FAILURE(emotext_serialize(catalog, TEXT("{\"version\":2,\"runs\":[]}"), 0, &answer, &length, &error),
                 EMOTEXT_INVALID_INPUT, "version: unsupported version 2 (expected 1)");
  EXPECT_FAILURE(emotext_serialize(catalog, TEXT("not json"), 0, &answer, &length, &error), EMOTEXT_INVALID_INPUT,
                 "invalid JSON");

  /* encode-emoji and decode-emoji */
  EXPECT(emotext_encode_emoji(TEXT("一家👨‍👩‍👧 🇨🇳"), NULL, NULL, NULL, &answer, &length, &error),
         "一家[emoji:1f468-200d-1f469-200d-1f467] [emoji:1f1e8-1f1f3]");
  EXPECT(emotext_encode_emoji(TEXT("👍"), "<", "+", ">", &answer, &length, &error), "<1f44d>");
  EXPECT(emotext_decode_emoji(TEXT("一家[emoji:1f468-200d-1f469-200d-1f467]"), NULL, NULL, NULL, &answer, &length,
                              &error),
         "一家👨‍👩‍👧");
  EXPECT(emotext_decode_emoji(TEXT("<1f44d-1f3fd>"), "<", NULL, ">", &answer, &length, &error), "👍🏽");
  EXPECT_FAILURE(emotext_decode_emoji(TEXT("a[emoji:zz]"), NULL, NULL, NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_INPUT, "byte 1: malformed emoji escape: 'zz' is not a Unicode scalar in hex");
  EXPECT_FAILURE(emotext_encode_emoji(TEXT("a"), "", NULL, NULL, &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "invalid escape format: the prefix, separator and suffix must not be empty");
  EXPECT_FAILURE(emotext_decode_emoji(TEXT("a"), "[e:", "", NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "invalid escape format: ");

  /* render --html */
  EXPECT(emotext_render_html(catalog, TEXT("好 @小明"), NULL, &answer, &length, &error),
         "好 <bdi><a class=\"mention\" href=\"https://weibo.com/n/%E5%B0%8F%E6%98%8E\">@小明</a></bdi>");
  emotext_html_options options;
  memset(&options, 0, sizeof options);
  options.size = sizeof options;
  options.mention_url = "/u/{name}";
  options.no_images = 1;
  EXPECT(emotext_render_html(catalog, TEXT("@a <b>"), &options, &answer, &length, &error),
         "<bdi><a class=\"mention\" href=\"/u/a\">@a</a></bdi> &lt;b&gt;");
  memset(&options, 0, sizeof options);
  options.size = sizeof options;
  options.page = 1;
  options.title = "T";
  {
    char *answer = NULL, *error = NULL;
    size_t length = 0;
    CHECK(emotext_render_html(catalog, TEXT("x"), &options, &answer, &length, &error) == EMOTEXT_OK);
    CHECK(answer != NULL && strncmp(answer, "<!DOCTYPE html>", 15) == 0 && strstr(answer, "<title>T</title>"));
    CHECK(answer != NULL && strlen(answer) == length);
    emotext_string_free(answer);
  }
  memset(&options, 0, sizeof options);
  options.size = sizeof options;
  options.title = "T";
  EXPECT_FAILURE(emotext_render_html(catalog, TEXT("x"), &options, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--title goes with --page");
  memset(&options, 0, sizeof options);
  options.size = sizeof options;
  options.topic_url = "javascript:alert({topic})";
  EXPECT_FAILURE(emotext_render_html(catalog, TEXT("x"), &options, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--topic-url 'javascript:alert({topic})' is not allowed");

  /* an options struct is read by its size: a smaller (older) one leaves the later fields at their defaults */
  memset(&options, 0, sizeof options);
  options.size = offsetof(emotext_html_options, image_base);
  options.mention_url = "/ignored/{name}"; /* past the given size */
  EXPECT(emotext_render_html(NULL, TEXT("@a"), &options, &answer, &length, &error),
         "<bdi><a class=\"mention\" href=\"https://weibo.com/n/a\">@a</a></bdi>");
  options.size = 0;
  EXPECT_FAILURE(emotext_render_html(NULL, TEXT("@a"), &options, &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "options->size is 0");

  /* ABI version; lengths above PTRDIFF_MAX are refused, not read */
  CHECK(emotext_abi_version() == EMOTEXT_ABI_VERSION);
  EXPECT_FAILURE(emotext_count(NULL, "a", (size_t)PTRDIFF_MAX + 1, NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "text_length is 9223372036854775808, above PTRDIFF_MAX");
  EXPECT_FAILURE(emotext_truncate(NULL, TEXT("abc"), SIZE_MAX, NULL, NULL, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "maximum is 18446744073709551615, above PTRDIFF_MAX");

  test_typed_editor();
  test_editor_clipboard_and_limits();
  test_documents();
  mirror_session(20260707u, 2000);

  /* the editor: emotext edit, one command at a time */
  emotext_editor *editor = emotext_editor_new(catalog);
  emotext_editor *default_editor = emotext_editor_new(NULL);
  emotext_catalog_free(catalog); /* the editors keep what they need */
  EXPECT(emotext_editor_apply(editor, TEXT("{\"insert\": \"好[哈哈]\"}"), &answer, &length, &error),
         "{\"text\":\"好[哈哈]\",\"selection\":[2,0],\"utf16Length\":2,\"graphemes\":2,\"runs\":[{\"text\":\"好\"},"
         "{\"emoticon\":\"[哈哈]\"}],\"change\":[0,0,2]}");
  EXPECT_FAILURE(emotext_editor_apply(editor, TEXT("{\"select\": [0, 9]}"), &answer, &length, &error),
                 EMOTEXT_COMMAND_FAILED, "selection [0, 9] is out of range: the text is 2 UTF-16 units long");
  EXPECT_FAILURE(emotext_editor_apply(editor, TEXT("{\"jump\": 1}"), &answer, &length, &error),
                 EMOTEXT_COMMAND_FAILED, "unknown command \"jump\"");
  EXPECT_FAILURE(emotext_editor_apply(editor, TEXT("nope"), &answer, &length, &error), EMOTEXT_COMMAND_FAILED,
                 "not valid JSON: nope");
  EXPECT(emotext_editor_apply(editor, TEXT("{\"backspace\": 1}"), &answer, &length, &error),
         "{\"text\":\"好\",\"selection\":[1,0],\"utf16Length\":1,\"graphemes\":1,\"runs\":[{\"text\":\"好\"}],"
         "\"change\":[1,1,0]}");
  EXPECT(emotext_editor_apply(default_editor, TEXT("{\"insert\": \"a\"}"), &answer, &length, &error),
         "{\"text\":\"a\",\"selection\":[1,0],\"utf16Length\":1,\"graphemes\":1,\"runs\":[{\"text\":\"a\"}],"
         "\"change\":[0,0,1]}");
  EXPECT_FAILURE(emotext_editor_apply(NULL, TEXT("{}"), &answer, &length, &error), EMOTEXT_INVALID_ARGUMENT,
                 "editor is NULL");
  EXPECT_FAILURE(emotext_editor_apply(editor, TEXT("{\"insert\": \"\xff\"}"), &answer, &length, &error),
                 EMOTEXT_INVALID_INPUT, "byte 12: invalid UTF-8");
  emotext_editor_free(editor);
  emotext_editor_free(default_editor);
  emotext_editor_free(NULL);

  /* one catalog handle shared by four threads */
  emotext_catalog *shared = emotext_catalog_default();
  pthread_t threads[4];
  for (int i = 0; i < 4; i++) pthread_create(&threads[i], NULL, count_many, shared);
  for (int i = 0; i < 4; i++) {
    void *wrong = NULL;
    pthread_join(threads[i], &wrong);
    CHECK(wrong == NULL);
  }
  emotext_catalog_free(shared);

  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("emotext_test: every function of emotext.h answered as the CLI does\n");
  return 0;
}
