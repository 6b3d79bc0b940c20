"""The typed editor in code points: each call's positions index ``Editor.text`` (a Python str), and a mirror of the
text kept by ``last_change`` alone equals the editor's text after every call of a seeded random session."""

import random
import unittest

import emotext

OBJECT = "\ufffc"


class EditorInCodePoints(unittest.TestCase):
    def test_typing_an_emoticon_is_one_code_point(self):
        editor = emotext.Editor()
        editor.insert("😀好[哈哈")
        editor.insert("]")
        self.assertEqual(editor.text, "😀好" + OBJECT)
        self.assertEqual(editor.post_text, "😀好[哈哈]")
        self.assertEqual(editor.selection, (3, 3))
        # the `]` turned `[哈哈` (3 code points) and itself into one U+FFFC
        self.assertEqual(editor.last_change, emotext.Change(2, 5, 3))
        self.assertEqual(editor.last_change.inserted, 1)

    def test_directional_selection_and_replace(self):
        editor = emotext.Editor()
        editor.insert("😀好")
        editor.select(2, 0)
        self.assertEqual(editor.selection, (2, 0))
        self.assertIsNone(editor.last_change)
        editor.insert("你")
        self.assertEqual(editor.last_change, (0, 2, 1))
        editor.replace(0, 1, "我们")
        self.assertEqual((editor.text, editor.selection), ("我们", (2, 2)))
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.replace(1, 9, "x")

    def test_emoticon_delete_undo_redo(self):
        editor = emotext.Editor()
        editor.insert("a")
        editor.insert_emoticon("[微笑]")
        self.assertEqual(editor.post_text, "a[微笑]")
        editor.delete_backward()
        self.assertEqual((editor.text, editor.last_change), ("a", (1, 2, 1)))
        self.assertTrue(editor.undo())
        self.assertEqual(editor.text, "a" + OBJECT)
        self.assertTrue(editor.redo())
        self.assertFalse(editor.redo())
        editor.select(0, 0)
        editor.delete_forward()
        self.assertEqual(editor.text, "")
        with self.assertRaises(emotext.InvalidArgumentError) as raised:
            editor.insert_emoticon("[nope]")
        self.assertIn("[nope]", raised.exception.message)

    def test_marked_text_and_surrounding_deletion(self):
        editor = emotext.Editor()
        editor.insert("我们")
        editor.set_marked_text("ni好", (2, 3))
        self.assertEqual(editor.marked_range, (2, 5))
        self.assertEqual(editor.selection, (4, 5))
        editor.unmark_text()
        self.assertIsNone(editor.marked_range)
        editor.select(4, 4)
        editor.delete_surrounding(-2, 2)
        self.assertEqual(editor.text, "我们好")
        self.assertEqual(editor.last_change, (2, 4, 2))

    def test_a_mention_is_a_restyle(self):
        editor = emotext.Editor()
        editor.insert("@小明 ")
        self.assertEqual(editor.last_restyle, (0, 3))
        self.assertEqual(editor.apply({"insert": "a"})["text"], "@小明 a")

    def test_errors_are_emotext_errors_and_name_no_flags(self):
        editor = emotext.Editor()
        with self.assertRaises(emotext.InvalidInputError):
            editor.insert("a\ud800")
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.select(-1, 0)
        with self.assertRaises(emotext.InvalidArgumentError) as raised:
            emotext.truncate("abc", 1 << 40)
        self.assertNotIn("--", raised.exception.message)
        editor.close()
        with self.assertRaises(emotext.Error):
            editor.insert("a")

    def test_copy_cut_and_paste_in_three_flavours(self):
        editor = emotext.Editor()
        editor.insert("好开心[哈哈]")
        editor.select(2, 4)
        copied = editor.copy()
        self.assertEqual(copied.text, "心[哈哈]")
        self.assertIn('alt="[哈哈]"', copied.html)
        self.assertEqual(copied.json, '{"version":1,"runs":[{"text":"心"},{"emoticon":"[哈哈]"}]}')
        self.assertIsNone(editor.last_change)
        self.assertEqual(editor.cut(), copied)
        self.assertEqual((editor.text, editor.last_change), ("好开", (2, 4, 2)))
        editor.paste(json=copied.json)
        self.assertEqual((editor.post_text, editor.last_change), ("好开心[哈哈]", (2, 2, 4)))
        editor.paste(html="<p>a<img alt='[哈哈]'></p>")
        self.assertEqual(editor.post_text, "好开心[哈哈]a[哈哈]")
        editor.paste(text="[爱你]")
        self.assertEqual(editor.text[-1], OBJECT)
        with self.assertRaises(emotext.InvalidInputError):
            editor.paste(json='{"runs": 3}')
        self.assertEqual(editor.post_text, "好开心[哈哈]a[哈哈][爱你]")
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.paste(text="a", html="b")
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.paste()

    def test_a_length_limit_cuts_what_is_added(self):
        editor = emotext.Editor()
        self.assertIsNone(editor.length_status)
        editor.set_length_limit(5, rule="graphemes")
        editor.insert("今天好开心啊")
        self.assertEqual(editor.text, "今天好开心")
        self.assertEqual(editor.length_status, (5, 5))
        self.assertEqual(editor.length_status.remaining, 0)
        editor.set_length_limit(3, rule="graphemes", enforcement="counted")
        editor.insert("!")
        self.assertEqual(editor.length_status.remaining, -3)
        editor.set_length_limit(None)
        self.assertIsNone(editor.length_status)
        with self.assertRaises(emotext.InvalidArgumentError) as raised:
            editor.set_length_limit(3, rule="tweets")
        self.assertIn("tweets", raised.exception.message)
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.set_length_limit(3, enforcement="strict")

    def test_entity_deletion(self):
        editor = emotext.Editor()
        self.assertEqual(editor.entity_deletion, "characters")
        editor.insert("你好@小明")
        editor.delete_backward()
        self.assertEqual(editor.text, "你好@小")
        editor.entity_deletion = "whole"
        editor.delete_backward()
        self.assertEqual((editor.text, editor.last_change), ("你好", (2, 4, 2)))
        with self.assertRaises(emotext.InvalidArgumentError):
            editor.entity_deletion = "words"

    def test_a_random_session_mirrored_by_last_change(self):
        seed = 20260707
        generator = random.Random(seed)
        pieces = ["a", "好", "[哈哈]", "[", "]", "哈", "😀", "👍", "🏽", "@小明 ", "#春天#", " ", "e\u0301", "\n", "🇨🇳"]
        editor = emotext.Editor()
        mirror = ""
        clipboard = emotext.Clipboard("[哈哈]x", "<b>y</b>", '{"version":1,"runs":[{"text":"z"}]}')
        for step in range(600):
            call = generator.randrange(11)
            piece = generator.choice(pieces)
            length = len(mirror)
            a, b = generator.randint(0, length), generator.randint(0, length)
            if call <= 2:
                editor.insert(piece)
            elif call == 3:
                editor.delete_backward()
            elif call == 4:
                editor.delete_forward()
            elif call == 5:
                editor.select(a, b)
            elif call == 6:
                editor.replace(min(a, b), max(a, b), piece)
            elif call == 7:
                editor.undo()
            elif call == 8:
                editor.set_marked_text(piece, (0, 1))
            elif call == 9:
                clipboard_call = generator.choice(["cut", "copy"])
                clipboard = getattr(editor, clipboard_call)()
            else:
                flavour = generator.choice(["text", "html", "json"])
                editor.paste(**{flavour: getattr(clipboard, flavour)})
            change = editor.last_change
            text = editor.text
            copied = call == 9 and clipboard_call == "copy"  # copying is no editing call: last_change is the one before
            if change is not None and not copied:
                mirror = mirror[: change.start] + text[change.start : change.new_end] + mirror[change.old_end :]
            self.assertEqual(mirror, text, "seed %d step %d call %d" % (seed, step, call))
            anchor, head = editor.selection
            self.assertLessEqual(max(anchor, head), len(text))


if __name__ == "__main__":
    unittest.main()
