"""The text notation: grammar loading, the streaming reader and the canonical writer."""
