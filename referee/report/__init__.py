"""What people and programs read: diagnostics with carets, score sheets, hand
pictures (terminal, SVG, HTML), the canonical form and the JSON schemas."""
