"""`pnp studio`: edit card text in the browser beside the printed card and the rules verdict.

A thin layer over the build, rules and preview code the CLI uses: `engine.py` (views, previews,
saves, undo, build), `yamledit.py` (writing a value back into its YAML file), `translate.py` (the
translation table), `app.py` (Starlette routes, token guard, server-sent events), `cli.py` (the
command). The web dependencies are the optional extra `studio`.
"""
