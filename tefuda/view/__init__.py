"""The view layer: how observations and events read, in Japanese and English — for the terminal today and the
browser next. Rules code never renders text; it emits codes and structured arguments (core/events.py)."""
