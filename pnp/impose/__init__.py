"""Imposition: pages, card grids, fold sheets and board tiles; the plan of a component's pages.

`from pnp import impose` gives the names of page.py, grid.py and tiles.py in one place."""
from pnp.impose.grid import *  # noqa: F401,F403
from pnp.impose.page import *  # noqa: F401,F403
from pnp.impose.page import _limit, _mark  # noqa: F401
from pnp.impose.tiles import MIN_OVERLAP, TILE_MARK, plan_tiles, tile_area  # noqa: F401
