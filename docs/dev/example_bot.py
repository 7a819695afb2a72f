"""An example bot for a table's seat: guinote join ADDRESS CODE --bot 'python docs/dev/example_bot.py'.

It reads the table's messages, one JSON object a line, on its standard input,
and writes its actions, one JSON object a line, on its standard output
(docs/dev/protocol.md). Its rule: sing or declare when it may, otherwise
play its lowest card of the legal ones, by the order of ranks of the rules
the welcome names (``card_order``: under ``sota_high``, the aragonés
default, the Sota (10) ranks above the Caballo (11); under ``caballo_high``
below it).
It needs nothing but Python's standard library.
"""

import json
import sys

#: Ranks from the lowest to the highest in play (the ace and the three are the strongest), by card order.
ORDERS = {
    "sota_high": ["2", "4", "5", "6", "7", "11", "10", "12", "3", "1"],
    "caballo_high": ["2", "4", "5", "6", "7", "10", "11", "12", "3", "1"],
}


def choose(legal: list[str], order: list[str]) -> str:
    for action in legal:
        if action.startswith(("tute:", "sing:")):
            return action
    cards = [a for a in legal if a[:-1] in order]
    return min(cards, key=lambda card: order.index(card[:-1])) if cards else legal[0]


def main() -> None:
    order = ORDERS["sota_high"]
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "welcome":
            order = ORDERS.get(message["rules"].get("card_order"), order)
        elif message["type"] == "state" and message["match"]["winner"] is None and message["view"]["legal"]:
            action = choose(message["view"]["legal"], order)
            print(json.dumps({"type": "act", "action": action, "serial": message["serial"]}), flush=True)
        elif message["type"] == "refused":
            print(f"refused {message['action']}: {message['reason']}", file=sys.stderr)


if __name__ == "__main__":
    main()
