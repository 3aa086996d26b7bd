"""The ground floor: errors and findings, the cache folder, units, colours, the piece model, processes,
progress and atomic output. Imports nothing of pnp above it."""
