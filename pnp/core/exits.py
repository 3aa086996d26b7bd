"""How a command ends: the exit codes, and bad input or rule errors said for people (every problem
at its `file:line`, then one line saying nothing was written). Shared by the CLI, the exports and the
studio's commands."""
from __future__ import annotations

import sys

from pnp.core.errors import Problems
from pnp.core.findings import RuleErrors

EXIT_OK, EXIT_RULES, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


def fail_input(problems: Problems):
    """Print every problem, say nothing was written, exit 2."""
    import click
    for p in problems.problems:
        click.echo(str(p), err=True)
    n = len(problems.problems)
    click.echo(f"{n} problem{'s' if n != 1 else ''} in the input; nothing was written.", err=True)
    sys.exit(EXIT_INPUT)


def guarded(fn):
    """Run fn(); bad input → the problems and exit 2, rule errors → the findings and exit 1."""
    import click
    try:
        return fn()
    except Problems as e:
        fail_input(e)
    except RuleErrors as e:
        for f in e.findings:
            click.echo(str(f), err=True)
        click.echo(f"{len(e.findings)} rule error(s); nothing was written.", err=True)
        sys.exit(EXIT_RULES)
