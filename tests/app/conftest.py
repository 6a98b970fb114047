"""Fixtures shared by the session-file tests."""

import json

import numpy as np
import pytest

from nbviz.app.documents import session_file
from nbviz.app.documents.session_file import write_session
from nbviz.app.run.session import Session


@pytest.fixture
def referenced(monkeypatch, tmp_path, qtbot):
    """A session referring to its data file on tmp_path/table.csv, and its parsed document."""
    from nbviz.app.data.problem import Problem
    from nbviz.app.model.config import ModelConfig

    monkeypatch.setattr(session_file, "EMBED_LIMIT", 10)
    rng = np.random.default_rng(0)
    rows = "\n".join(f"{a!r},{b!r}" for a, b in rng.normal(0, 1, (40, 2)).tolist())
    (tmp_path / "table.csv").write_text("x,y\n" + rows + "\n")
    session = Session()
    assert session.load(Problem.from_file(str(tmp_path / "table.csv")), ModelConfig(n_components=2))
    session.step()
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    data = json.loads(path.read_text())
    assert data["version"] == 3 and len(data["problem"]["data_file"]["file_sha256"]) == 64
    return path, data
