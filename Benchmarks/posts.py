#!/usr/bin/env python3
"""Writes N deterministic realistic posts, one per line: ~65 scalars, mostly CJK, ~2.3 [xx] tokens per post,
@mentions, #topics#, some URLs. Usage: posts.py N [--jsonl]"""
import json
import random
import sys

count = int(sys.argv[1])
jsonl = "--jsonl" in sys.argv[2:]
rng = random.Random(20261201)
cjk = "今天好开心我们一起去吃饭吧这个真的太好笑了明天见朋友生活工作学习天气不错周末电影音乐分享转发评论点赞"
tokens = ["[哈哈]", "[爱你]", "[愛你]", "[微笑]", "[泪]", "[抓狂]", "[兔子]", "[赞]", "[xx]", "[心]"]
names = ["小明", "某人", "weibo_user", "张三", "阿花"]
topics = ["#春天#", "#周末#", "#电影#", "#美食#"]
out = sys.stdout
for _ in range(count):
    parts = []
    scalars = 0
    target = rng.randint(45, 85)
    emitted = 0
    while scalars < target:
        r = rng.random()
        if r < 0.042:
            piece = rng.choice(tokens)
        elif r < 0.052:
            piece = "@" + rng.choice(names) + " "
        elif r < 0.058:
            piece = rng.choice(topics)
        elif r < 0.060:
            piece = " https://t.cn/" + "".join(rng.choice("abcdefXYZ0123") for _ in range(7)) + " "
        elif r < 0.066:
            piece = rng.choice(["😀", "👍🏽", "🇨🇳"])
        else:
            piece = rng.choice(cjk)
        parts.append(piece)
        scalars += len(piece)
    line = "".join(parts)
    out.write((json.dumps({"text": line}, ensure_ascii=False) if jsonl else line) + "\n")
