"""Seeds derived from the arena seed, the same in every process and on every run.

>>> derive_seed(7, "deal", 3) == derive_seed(7, "deal", 3) != derive_seed(7, "deal", 4)
True
>>> 0 <= derive_seed(1, "bot", 0, 0, 2) < 2**63
True
"""

from __future__ import annotations

import hashlib


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a tuple of numbers and words (a hash, not Python's ``hash``)."""
    text = "/".join(str(part) for part in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
