"""Imposition: pages, card grids, fold sheets and board tiles; the plan of a component's pages."""
