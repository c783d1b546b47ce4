"""Shared fixtures: the repository root, and the installed package under test.

The tests run against the *installed* ``ptxkit`` (the wheel in a virtual environment), never
the source tree's ``python/ptxkit`` (which has no compiled module): this directory has no
``__init__.py``, so pytest puts only ``python/tests`` on ``sys.path``.
"""

from __future__ import annotations

import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def tool():
    """The path of an installed command (``ptxfmt``…), which must be on PATH."""

    def find(name: str) -> str:
        path = shutil.which(name)
        assert path, f"{name} is not on PATH: install the wheel into the active environment"
        return path

    return find
