"""Rendering: fonts, text fitting, drawing primitives, imposition & marks, PDF and PNG output."""
