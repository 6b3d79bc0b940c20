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

int main(int argc, char **argv) {
  /* version */
  CHECK(strcmp(emotext_version(), "0.1.0") == 0);

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
  options.mention_url = "/u/{name}";
  options.no_images = 1;
  EXPECT(emotext_render_html(catalog, TEXT("@a <b>"), &options, &answer, &length, &error),
         "<bdi><a class=\"mention\" href=\"/u/a\">@a</a></bdi> &lt;b&gt;");
  memset(&options, 0, sizeof options);
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
  options.title = "T";
  EXPECT_FAILURE(emotext_render_html(catalog, TEXT("x"), &options, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--title goes with --page");
  memset(&options, 0, sizeof options);
  options.topic_url = "javascript:alert({topic})";
  EXPECT_FAILURE(emotext_render_html(catalog, TEXT("x"), &options, &answer, &length, &error),
                 EMOTEXT_INVALID_ARGUMENT, "--topic-url 'javascript:alert({topic})' is not allowed");

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
