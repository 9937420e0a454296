"""Online play: rooms, seats, spectators and AI seats over WebSockets (docs/serve.md)."""
