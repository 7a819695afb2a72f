"""The protocol's reader: anything a client sends is a checked message or one line of refusal, never a traceback."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from guinote_tui.net.protocol import CLIENT_FIELDS, ProtocolError, decode_client

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from([*CLIENT_FIELDS, "welcome", "x"])},
    optional={"version": JSON, "code": JSON, "language": JSON, "action": JSON, "serial": JSON, "extra": JSON},
)


def check(data: str | bytes) -> None:
    try:
        message = decode_client(data)
    except ProtocolError as problem:
        assert "\n" not in str(problem) and problem.code in ("bad_message", "too_large")
        return
    fields = CLIENT_FIELDS[message["type"]]
    assert set(message) - {"type"} <= set(fields)
    for name, (kind, _) in fields.items():
        assert name not in message or (type(message[name]) is kind)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_are_a_message_or_one_line(data: str | bytes) -> None:
    check(data)


@settings(max_examples=300, deadline=None)
@given(MESSAGES)
def test_well_formed_but_wrong_messages_are_refused_field_by_field(message: dict[str, object]) -> None:
    check(json.dumps(message))


def test_what_the_reader_refuses() -> None:
    for text in (
        "[1]",
        '{"type": "act", "action": "12E", "serial": true}',
        '{"type": "act", "action": "12E", "serial": NaN}',
        '{"type": "hello", "version": 1, "code": "' + "x" * 65 + '"}',
        "[" * 1500 + "]" * 1500,
        '{"type": "bye", "x": 1}',
    ):
        try:
            decode_client(text)
        except ProtocolError:
            continue
        raise AssertionError(text)
