"""A writer for the editor server's protocol that keeps what it sends, for
tests that drive the server in process (tests/test_lsp22.py,
tests/test_review22.py): no server process, no client library."""

from __future__ import annotations

import json
from typing import Any


class FrameCapture:
    """The server's output: its frames (``Content-Length`` header, body), kept."""

    def __init__(self) -> None:
        self.data = b""

    def write(self, data: bytes) -> None:
        self.data += data

    def close(self) -> None:
        """(pygls's writer protocol: nothing to close.)"""

    def frames(self) -> list[dict[str, Any]]:
        """The messages written since the last call, decoded."""
        out = []
        rest = self.data
        while rest:
            head, _, rest = rest.partition(b"\r\n\r\n")
            size = int(head.split(b":")[1].split(b"\r")[0])
            out.append(json.loads(rest[:size]))
            rest = rest[size:]
        self.data = b""
        return out
