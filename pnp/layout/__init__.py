"""Layouts: layout files with `extends`, elements, icons, SVG art, QR codes, element types."""
