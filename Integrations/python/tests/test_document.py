"""Documents read without JSON: runs in code points of ``Document.text``, their strings, and the counts."""

import unittest

import emotext

POST = "今天好开心[哈哈][愛你]👍🏽 @小明 #春天# https://weibo.com [nope]"


class DocumentRuns(unittest.TestCase):
    def test_runs_slice_the_text_and_match_the_parse_json(self):
        document = emotext.Document(POST, entities=True)
        parsed = emotext.parse(POST, entities=True)["runs"]
        self.assertEqual(len(document), len(parsed))
        text = document.text
        self.assertEqual(document.post_text, POST)
        end = 0
        for run, expected in zip(document, parsed):
            self.assertEqual(run.start, end)
            end = run.end
            if run.kind == "emoticon":
                self.assertEqual(text[run.start : run.end], "\ufffc")
                self.assertEqual(run.text, expected["emoticon"])
            else:
                self.assertEqual(text[run.start : run.end], run.text)
                self.assertEqual(run.text, expected["text"])
                self.assertEqual(run.kind, expected.get("entity", "text"))
                self.assertIsNone(run.code)
        self.assertEqual(end, len(text))
        love = document.runs[2]
        self.assertEqual((love.kind, love.text, love.code), ("emoticon", "[愛你]", "[爱你]"))
        self.assertTrue(love.image.endswith(".png"))
        self.assertEqual([run.kind for run in emotext.Document("@小明 x")], ["text"])

    def test_counts_agree_with_count(self):
        document = emotext.Document(POST)
        for rule in ("weibo", "twitter", "utf16", "scalars", "graphemes"):
            counts = document.counts(rule)
            expected = emotext.count(POST, rule)
            self.assertEqual(
                (counts.weighted, counts.utf16, counts.scalars, counts.graphemes),
                (expected.weighted, expected.utf16, expected.scalars, expected.graphemes),
            )
        counts = document.counts()
        self.assertEqual(counts.utf8, len(document.text.encode("utf-8")))
        self.assertEqual(counts.post_utf8, len(POST.encode("utf-8")))
        self.assertEqual((counts.emoticons, counts.runs), (2, len(document)))

    def test_errors(self):
        with self.assertRaises(emotext.InvalidInputError):
            emotext.Document("a\udc80")
        with self.assertRaises(emotext.InvalidArgumentError):
            emotext.Document("a", links="mastodon")
        with self.assertRaises(emotext.InvalidArgumentError) as raised:
            emotext.Document("a").counts("tweets")
        self.assertNotIn("--", raised.exception.message)


if __name__ == "__main__":
    unittest.main()
