"""Limits against abuse: what one connection or one address may ask of the server."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    message: int = 16 * 1024  # bytes in one WebSocket message
    rate: float = 20.0  # messages a second, per connection …
    burst: int = 40  # … with a burst of this many
    rooms_per_address: int = 20  # open rooms one address may have created
    http_body: int = 256 * 1024  # bytes in a request body (deck lists are small)


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last: float | None = None

    def take(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
