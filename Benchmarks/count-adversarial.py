#!/usr/bin/env python3
"""Adversarial input for `emotext count` (with and without --jsonl): 20,000 lines of records and plain text with
escapes, raw U+2028/U+2029 and controls, invalid UTF-8 inside and outside records, lines that are not records or not
JSON, CR before LF, long lines (5 KB to 350 KB), and realistic posts. Deterministic (seed 18).

Usage: python3 Benchmarks/count-adversarial.py POSTS.jsonl > adversarial.txt
(POSTS.jsonl: `python3 Benchmarks/posts.py 20000 --jsonl`; its first 3,000 records are used.)"""
import json
import random
import sys

random.seed(18)
plain = [line.rstrip(b"\n") for line in open(sys.argv[1], "rb").readlines()[:3000]]
texts = [json.loads(line)["text"] for line in plain]
pieces = ["[哈哈]", "[", "]", "[[", "]]", "[未知]", "[doge]", "[愛你]", "[抓狂[兔子]]", "好", "a", " ", "\u2028", "\u2029",
          "\u0085", "\t", "😀", "👨‍👩‍👧", "👍🏽", "🇨🇳", "e\u0301", "\ufeff", "“引号”", "…", "—", "https://t.cn/A6x",
          "http://example.com/a?b=1", "#话题#", "@用户", "\\", "\"", "/", "\u00e9", "\u00ff", "\u0100", "𠀀"]
bad = [b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe4\xbd", b"\x80", b"\xe0\x80\x80",
       b"\xf0\x80\x80\x80", b"\xf5\x80\x80\x80", b"\xc2"]
odd = [b'{"text": 5}', b'{"text": "a", "x": 1}', b'{}', b'[]', b'{"text": "\\ud800"}',
       b'{"text": "\\ud83d\\ude00[\\u54c8\\u54c8]"}', b'{"text":"a\\nb"}', b' { "text" : "x" } ',
       b'{"text": "unterminated', b'{"TEXT": "a"}', b'']
out = []
for _ in range(20000):
    kind = random.randrange(14)
    t = "".join(random.choice(pieces) for _ in range(random.randrange(0, 30)))
    raw = t.encode().replace(b"\\", b"").replace(b'"', b"")
    if kind == 0:
        out.append(random.choice(plain))
    elif kind == 1:
        out.append(json.dumps({"text": t}, ensure_ascii=random.random() < 0.5).encode())
    elif kind == 2:
        out.append(b'{"text": "' + raw + b'"}')  # raw U+2028, tabs (controls) and so on, unescaped
    elif kind == 3:
        line = bytearray(random.choice(plain))
        at = random.randrange(10, len(line) - 2)
        line[at:at] = random.choice(bad)
        out.append(bytes(line))
    elif kind == 4:
        out.append(t.encode() + random.choice(bad) + t.encode())
    elif kind == 5:
        out.append(t.encode())
    elif kind == 6:
        out.append(random.choice(odd))
    elif kind == 7:
        count = 300 if random.random() < 0.05 else 30
        out.append(json.dumps({"text": "".join(random.choice(texts) for _ in range(count))}, ensure_ascii=False).encode())
    elif kind == 8:
        out.append(random.choice(plain) + b"\r")
    elif kind == 9:
        count = 2000 if random.random() < 0.03 else 20
        out.append("".join(random.choice(texts) for _ in range(count)).encode())
    elif kind == 10:
        out.append(b'{"text": "' + raw + random.choice(bad) + b'"}')
    elif kind == 11:
        out.append(json.dumps({"text": t + "\\\"\n\u0001"}, ensure_ascii=False).encode())
    elif kind == 12:
        out.append(random.choice(texts).encode())
    else:
        out.append(json.dumps({"text": random.choice(texts) + t}, ensure_ascii=False).encode())
sys.stdout.buffer.write(b"\n".join(out) + b"\n")
