"""Content: YAML with positions, schema checks, and the typed model of a game."""
