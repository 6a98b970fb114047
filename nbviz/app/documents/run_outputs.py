"""The data outputs of a scripted run (``--save-session``, ``--export-responsibilities``,
``--export-parameters``, ``--export-trace``, with ``--classify``): writers for the command line's
OUTPUTS table.

A writer takes (session, path, args), writes atomically and returns None, or the one-line reason
it failed (the run then exits with status 2 and leaves no file). It reads the session only, so a
run that asks for these outputs alone needs no window (and no display). The command line imports
this module before it parses its arguments, so the writers import what they use when they run.
"""

from __future__ import annotations

NO_DATA = "there is nothing to export: give a data FILE or --preset"


def check_classify(args) -> None:
    """ValueError when ``--classify`` is given without what it needs."""
    if getattr(args, "classify", None) and not args.export_responsibilities:
        raise ValueError("--classify FILE writes its result with --export-responsibilities OUT: give both")


def save_session(session, path: str, args) -> str | None:
    """The session (data, model, every half-step, cursor) as a ``.nbviz`` file."""
    from .session_file import write_session

    outcome = session.save(path, write_session)
    return None if outcome else outcome.reason


def _written(option: str, kind: str, session, path: str) -> str | None:
    from ..data.export import write_session_export

    if not session.has_run:
        return f"{option}: {NO_DATA}"
    try:
        write_session_export(kind, path, session)
    except (OSError, ValueError) as error:  # WriteError is an OSError
        return f"{option}: {error}"
    return None


def export_responsibilities(session, path: str, args) -> str | None:
    """The responsibilities at the cursor (after ``--fit``, the posterior under the parameters the fit
    ended on: `RunHistory.posterior`), or with ``--classify FILE`` those of FILE's rows under the model
    at the cursor."""
    if not args.classify and args.fit and session.has_run:
        from ..data.export import write_responsibilities_csv

        posterior = session.run_history.posterior
        try:
            write_responsibilities_csv(path, session.problem, posterior, session.component_names())
        except (OSError, ValueError) as error:  # WriteError is an OSError
            return f"--export-responsibilities: {error}"
        return None
    if not args.classify:
        return _written("--export-responsibilities", "responsibilities", session, path)
    from ..data.classify import classify_file, write_classified

    if not session.has_run:
        return f"--classify: {NO_DATA} to fit the model to"
    try:
        classified = classify_file(session.problem, session.snapshot.model, args.classify)
    except (OSError, ValueError) as error:  # DataError is a ValueError
        return f"--classify {args.classify}: {error}"
    try:
        write_classified(path, classified, session.component_names())
    except OSError as error:
        return f"--export-responsibilities: {error}"
    return None


def export_parameters(session, path: str, args) -> str | None:
    """The parameters at the cursor with the run's summary (JSON; ``--start`` reads it back)."""
    return _written("--export-parameters", "parameters-json", session, path)


def export_choose_k(session, path: str, args) -> str | None:
    """``--choose-k``'s table: one row per K and covariance type (CSV)."""
    from ..explore.scripted_choice import write_choice_table

    choice = session.explored.choice
    if choice is None:
        return "--export-choose-k: there is no --choose-k result to write"
    try:
        write_choice_table(choice, path)
    except OSError as error:
        return f"--export-choose-k: {error}"
    return None


def export_trace(session, path: str, args) -> str | None:
    """The objective and ELBO of every half-step (CSV)."""
    return _written("--export-trace", "trace", session, path)
