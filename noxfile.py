"""The release checks, each session in a fresh virtual environment: ``nox -s NAME``.

``nox`` with no argument runs the sessions CI runs (``nox -l`` lists them all):

- ``dist``: build the sdist and the wheel, check them (``twine check --strict``,
  ``check-wheel-contents``), and check that the wheel built from the sdist holds exactly
  what the wheel built from the source tree holds.
- ``installed-3.11``, ``installed-3.12``, ``installed-3.13``: install that wheel, with the
  ``dev`` extra, into a fresh environment of each Python that ``pyproject.toml`` claims, run
  the whole test suite against the installed package (never ``src/``), then the commands a
  user runs. CI runs 3.12 and 3.13: the README's quick start already tests 3.11, from the
  source tree, and the wheel is one file for every Python (``py3-none-any``), so testing it
  installed on two of them shows it whole; each run of the suite costs CI minutes.
- ``constraints`` (not run by CI): write ``constraints.txt`` again, keeping the pins that
  still fit; ``nox -s constraints -- --upgrade`` takes the newest releases.

Every environment installs the development tools at the versions of ``constraints.txt``;
the package's own dependencies stay ranges (``pyproject.toml``). RELEASING.md says when to
run what.
"""

from __future__ import annotations

import hashlib
import shutil
import zipfile
from pathlib import Path

import nox

nox.needs_version = ">=2025.2"
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["dist", "installed"]

PYTHONS = ["3.11", "3.12", "3.13"]
"""Every Python ``pyproject.toml`` claims (``requires-python``) that CI's machines have."""

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CONSTRAINTS = ROOT / "constraints.txt"
CONSTRAINED = {"UV_CONSTRAINT": str(CONSTRAINTS), "PIP_CONSTRAINT": str(CONSTRAINTS)}
"""The pins for every install, build environments included."""

USER_COMMANDS = [
    ["chicago-poker", "--version"],
    ["chicago-poker", "demo", "--seed", "2004"],
    ["chicago-poker", "validate", "chicago-poker-demo.jsonl"],
    ["chicago-poker", "render", "chicago-poker-demo.jsonl", "--seat", "0", "-o", "table.svg"],
    ["chicago-poker", "rules", "R-7.3"],
    ["chicago-poker", "hands"],
    ["chicago-poker", "serve", "--help"],
    ["python", "-m", "chicago_poker.specification"],
]
"""What a user runs after ``pip install chicago-poker``, from a folder of their own."""


@nox.session(python=PYTHONS[0])
def dist(session: nox.Session) -> None:
    """Build the sdist and the wheel into dist/ and check them."""
    session.install("-c", str(CONSTRAINTS), "build", "twine", "check-wheel-contents", "uv")
    shutil.rmtree(DIST, ignore_errors=True)
    tree = Path(session.create_tmp()) / "from-tree"
    shutil.rmtree(tree, ignore_errors=True)
    build = ["python", "-m", "build", "--installer", "uv"]
    # Without --sdist or --wheel, build makes the sdist, then the wheel from the sdist.
    session.run(*build, "--outdir", str(DIST), str(ROOT), env=CONSTRAINED)
    session.run(*build, "--wheel", "--outdir", str(tree), str(ROOT), env=CONSTRAINED)
    [wheel] = DIST.glob("*.whl")
    [tree_wheel] = tree.glob("*.whl")
    different = _differences(_contents(wheel), _contents(tree_wheel))
    if different:
        session.error("the wheels built from the sdist and from the tree differ: " + different)
    session.run("twine", "check", "--strict", *map(str, DIST.iterdir()))
    session.run("check-wheel-contents", str(wheel))


@nox.session(python=PYTHONS, requires=["dist"])
def installed(session: nox.Session) -> None:
    """Test the wheel of dist/ installed, on each supported Python."""
    [wheel] = DIST.glob("*.whl")
    session.install("-c", str(CONSTRAINTS), f"{wheel}[dev]")
    _test_installed(session, wheel)
    _run_user_commands(session)


@nox.session(python=PYTHONS[0], default=False)
def constraints(session: nox.Session) -> None:
    """Write constraints.txt again: the dev extra resolved for every supported Python."""
    session.install("-c", str(CONSTRAINTS), "uv")
    session.run(
        "uv",
        "pip",
        "compile",
        "pyproject.toml",
        "--extra",
        "dev",
        "--universal",
        "--python-version",
        PYTHONS[0],
        "--custom-compile-command",
        "nox -s constraints",
        "--output-file",
        str(CONSTRAINTS),
        *session.posargs,
    )


def _test_installed(session: nox.Session, wheel: Path) -> None:
    """The whole suite, its doctests read from the installed package, none from src/.

    Arguments after ``--`` replace the tests to run (``nox -s installed-3.13 --
    tests/test_wheel.py``).

    ``-o pythonpath=`` drops the ``src`` that pyproject.toml puts first on the path, and
    CHICAGO_POKER_TEST_INSTALLED makes conftest.py refuse to run if the package was
    imported from the source tree all the same.
    """
    package = session.run(
        "python",
        "-c",
        "import chicago_poker, pathlib; print(pathlib.Path(chicago_poker.__file__).parent)",
        silent=True,
    )
    assert isinstance(package, str)
    session.chdir(ROOT)
    session.run(
        "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-o",
        "pythonpath=",
        "-n",
        "auto",
        "--durations=20",  # the slowest tests, to keep CI's time in view
        *(session.posargs or ["tests", "docs/griffe_markdown.py", "docs/hooks", package.strip()]),
        env={"CHICAGO_POKER_TEST_INSTALLED": "1", "CHICAGO_POKER_WHEEL": str(wheel)},
    )


def _run_user_commands(session: nox.Session) -> None:
    folder = Path(session.create_tmp()) / "user"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    session.chdir(folder)
    for command in USER_COMMANDS:
        session.run(*command)


def _contents(wheel: Path) -> dict[str, str]:
    """Each file of a wheel but its RECORD, with the SHA-256 of its bytes."""
    with zipfile.ZipFile(wheel) as archive:
        return {
            name: hashlib.sha256(archive.read(name)).hexdigest()
            for name in archive.namelist()
            if not name.endswith(".dist-info/RECORD")
        }


def _differences(first: dict[str, str], second: dict[str, str]) -> str:
    only_first = sorted(first.keys() - second.keys())
    only_second = sorted(second.keys() - first.keys())
    changed = sorted(name for name in first.keys() & second.keys() if first[name] != second[name])
    parts = [
        f"{label}: {', '.join(names)}"
        for label, names in (
            ("only from the sdist", only_first),
            ("only from the tree", only_second),
            ("different bytes", changed),
        )
        if names
    ]
    return "; ".join(parts)
