"""Network addresses as the commands that open a port judge them (``guinote host``, ``guinote serve``).

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.1", "[::1]", "0.0.0.0", "example.org")]
    [True, True, True, False, False]
"""

from __future__ import annotations

import ipaddress


def is_loopback(host: str) -> bool:
    """Whether ``host`` can only be reached from this machine (``localhost`` or a loopback address); any other
    name may resolve to anything, so it is not."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
