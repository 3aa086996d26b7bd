"""Layouts: units, layout files with `extends`, jinja2 templates, resolution of faces to pieces."""
