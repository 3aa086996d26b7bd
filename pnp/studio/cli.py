"""The `pnp studio` command: start the web app on 127.0.0.1 and print its address with the token."""
from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

MISSING = ("the studio needs its web packages (Starlette, uvicorn): install them with "
           "`pip install 'pnp[studio]'`")


def command():
    @click.command("studio")
    @click.argument("game", required=False)
    @click.option("--project", "project_dir", default=None, type=click.Path(file_okay=False),
                  help="The project folder holding content/ and layouts/ (default: pnp's --project, or .).")
    @click.option("--port", default=0, type=click.IntRange(0, 65535), help="Port on 127.0.0.1 (default: a free one).")
    @click.option("--open", "open_browser", is_flag=True, help="Open the address in the web browser.")
    @click.option("--out", default=None, type=click.Path(), help="Where `build PDF` writes (default: <project>/output).")
    @click.pass_context
    def studio(ctx, game, project_dir, port, open_browser, out):
        """Edit card text in the browser with the printed card and the rules verdict live."""
        from pnp.pipeline.build import Project
        from pnp.core.exits import guarded
        try:
            import uvicorn
            from pnp.studio.app import create_app
        except ImportError:
            click.echo(f"pnp studio: {MISSING}", err=True)
            sys.exit(2)
        from pnp.studio.engine import Studio
        root = Path(project_dir or ctx.obj["project"])
        project = Project(root)
        names = guarded(lambda: project.resolve_names([game] if game else []))
        from pnp.core.output import out_dir
        studio = Studio(root, out=guarded(lambda: out_dir(out, root)) if out else None)
        token = secrets.token_urlsafe(24)
        app = create_app(studio, token=token, game=game)
        import socket
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
            sock.listen(128)   # before the address is printed: a browser opened at once gets in
        except OSError as e:
            click.echo(f"pnp studio: cannot listen on 127.0.0.1:{port} ({e.strerror}) — choose another --port", err=True)
            sys.exit(2)
        path = f"/game/{game}" if game else ("/game/" + names[0] if len(names) == 1 else "/")
        url = f"http://127.0.0.1:{sock.getsockname()[1]}{path}?token={token}"
        click.echo(f"pnp studio: {url}\n(only this address, with its token, is let in; Ctrl-C to stop)")
        if open_browser:
            import webbrowser
            webbrowser.open(url)
        config = uvicorn.Config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=1)  # open event streams
        try:
            uvicorn.Server(config).run(sockets=[sock])
        except KeyboardInterrupt:
            pass
        click.echo("studio stopped.")
    return studio
