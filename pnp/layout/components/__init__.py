"""What is not a plain card: generic element types for envelopes, notebooks, boards, pads, portraits.

Each module here registers element types with `pnp.layout.elements.element` (declared parameters,
a draw function returning pieces). All modules of this package are imported automatically, so a new
component is a new file: no edit elsewhere. Components stay game-agnostic: games use them from their
layouts in `layouts/<game>/`.
"""
import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
