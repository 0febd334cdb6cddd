"""The `referee` executable: what runs before the command line is even imported.

A command is a short-lived process whose start-up is mostly imports (typer, rich, the engine):
hundreds of thousands of objects, none of them garbage, which Python's cycle collector would
otherwise walk again and again as they are created (about 5 % of a command's time). The
collector is made to wait for far more allocations instead of being switched off, so that a long
`referee simulate` still frees its cycles.
"""

import gc


def main() -> None:
    gc.set_threshold(50_000, 50, 50)
    try:
        from referee.cli.app import main as run

        run()
    except KeyboardInterrupt:
        # Ctrl+C before a command has started (while it imports): no traceback, the shell's
        # usual status. Once it runs, the command line's own handling applies (exit 1).
        raise SystemExit(130) from None
