"""A table for people in their own terminals: the message protocol, the host and a headless client.

One authoritative match runs on the host (:mod:`.host`): the engine and the
bots run there, and every action a client sends is checked by the engine. A
client (:mod:`.client`) holds nothing secret: it receives only its seat's view
and the public events, built by :mod:`.protocol` (the one place a client's data
comes from), and sends actions in the engine's text form. The protocol is
documented in ``docs/dev/protocol.md``. No interface library is imported here.
"""

from __future__ import annotations

from .protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, ProtocolError

__all__ = ["MAX_CLIENT_MESSAGE", "PROTOCOL_VERSION", "ProtocolError"]
