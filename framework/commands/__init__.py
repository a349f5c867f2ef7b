"""One module per ``railyard`` command; each exposes ``register(subparsers)``."""
