"""Rendering: drawing faces, PDF pages and forms, the cover, ink-saver colours."""
