"""Text: fonts, inline markup (spans, atoms), line breaking and fitting."""
