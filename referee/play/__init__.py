"""Computer players and reproducible simulated games (``referee simulate``), built on
the engine and written as records."""
