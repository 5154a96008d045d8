#!/usr/bin/env python3
"""A bot that misbehaves on purpose, for tests/test_match.py.

    bad.py MODE   with MODE one of:
      illegal    answers every play with a card that is not legal
      malformed  answers every play with a line that is not JSON
      wrongtype  answers with a JSON array instead of an object
      timeout    never answers the third play of each deal (sleeps), but keeps reading
      crash      exits with status 3 at its second play
      hang       stops reading and answering at its first play (sleeps forever)
      badpass    answers the pass with two cards
      slow       plays well but waits 20 ms before each answer (a match to interrupt)
Otherwise it plays the first legal card and passes the first cards of its hand.
"""

import json
import os
import sys
import time

if os.environ.get("BOT_PID_DIR"):   # the tests check that no bot outlives a killed match
    open(os.path.join(os.environ["BOT_PID_DIR"], str(os.getpid())), "w").close()

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
plays = 0
for line in sys.stdin:
    m = json.loads(line)
    t = m.get("type")
    if t == "deal":
        plays = 0
    if t == "pass":
        cards = m["hand"][: m["count"]]
        if mode == "badpass":
            cards = cards[:2]
        print(json.dumps({"cards": cards}), flush=True)
    elif t == "play":
        plays += 1
        if mode == "illegal":
            bad = next(c for c in ("2C", "AS", "AH", "AD", "AC", "KS") if c not in m["legal"])
            print(json.dumps({"card": bad}), flush=True)
        elif mode == "malformed":
            print("I play the queen", flush=True)
        elif mode == "wrongtype":
            print("[1, 2]", flush=True)
        elif mode == "timeout" and plays == 3:
            time.sleep(3)
        elif mode == "crash" and plays == 2:
            sys.exit(3)
        elif mode == "slow":
            time.sleep(0.02)
            print(json.dumps({"card": m["legal"][0]}), flush=True)
        elif mode == "hang":
            time.sleep(3600)
        else:
            print(json.dumps({"card": m["legal"][0]}), flush=True)
