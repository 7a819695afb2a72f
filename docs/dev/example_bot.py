"""An example bot for a table's seat: guinote join ADDRESS CODE --bot 'python docs/dev/example_bot.py'.

It reads the table's messages, one JSON object a line, on its standard input,
and writes its actions, one JSON object a line, on its standard output
(docs/dev/protocol.md). Its rule: sing or declare when it may, otherwise
play its lowest card of the legal ones (by the game's order of ranks).
It needs nothing but Python's standard library.
"""

import json
import sys

#: Ranks from the lowest to the highest in play (the ace and the three are the strongest).
ORDER = ["2", "4", "5", "6", "7", "10", "11", "12", "3", "1"]


def strength(action: str) -> int:
    rank = action[:-1]
    return ORDER.index(rank) if rank in ORDER else len(ORDER)


def choose(legal: list[str]) -> str:
    for action in legal:
        if action.startswith(("tute:", "sing:")):
            return action
    cards = [a for a in legal if a[:-1] in ORDER]
    return min(cards, key=strength) if cards else legal[0]


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "state" and message["match"]["winner"] is None and message["view"]["legal"]:
            action = choose(message["view"]["legal"])
            print(json.dumps({"type": "act", "action": action, "serial": message["serial"]}), flush=True)
        elif message["type"] == "refused":
            print(f"refused {message['action']}: {message['reason']}", file=sys.stderr)


if __name__ == "__main__":
    main()
