#!/usr/bin/env python3
"""A Hearts bot for `hearts match`, in plain Python (no import from hearts_notation).

It speaks the bot protocol of docs/bots.md: one JSON object per line on standard
input, an answer line on standard output for "pass" and "play" only.

    hearts match --player heuristic --player "cmd:python3 examples/bots/duck.py" --deals 20 -o m.jsonl

Its play: pass the three highest cards; follow suit as high as possible under the
card winning the trick (duck), else as low as possible; void in the suit led, throw
the queen of spades, then the highest heart, then the highest card; lead the lowest.
"""

import json
import sys

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0])


def winning(trick):
    """The card winning the trick so far: the highest of the suit led."""
    led = trick[0]["card"][1]
    return max((t["card"] for t in trick if t["card"][1] == led), key=rank)


def choose_pass(message):
    return sorted(message["hand"], key=rank)[-message["count"]:]


def choose_play(message):
    legal = message["legal"]
    trick = message["trick"]
    if not trick:
        return min(legal, key=rank)
    top = winning(trick)
    follow = [c for c in legal if c[1] == top[1]]
    if follow:
        under = [c for c in follow if rank(c) < rank(top)]
        return max(under, key=rank) if under else min(follow, key=rank)
    if "QS" in legal:
        return "QS"
    hearts = [c for c in legal if c[1] == "H"]
    return max(hearts or legal, key=rank)


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "pass":
            answer = {"cards": choose_pass(message)}
        elif kind == "play":
            answer = {"card": choose_play(message)}
        else:
            continue            # hello, deal, passed, trick, deal_end: nothing to answer
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
