"""Work spread by chicago_poker.workers: on a Dask cluster (``--scheduler``), and its seam.

One LocalCluster serves the whole module: two workers of one thread each, in this process
(quick to start on a small machine), reached over TCP as a cluster on other machines is.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chicago_poker.cli import command as cli
from chicago_poker.core.errors import InvalidArgumentError
from chicago_poker.players import simulate
from chicago_poker.referee import validate
from chicago_poker.workers import processes, progress, spread
from chicago_poker.workers.spread import ClusterError, WorkerLostError, in_order
from interrupt import interrupt, posix_only

distributed = pytest.importorskip("distributed")

LOGS = Path(__file__).parent / "logs"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster with two workers, for every test of this module."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        dashboard_address=":0",
    ) as local:
        yield local


@pytest.fixture
def address(cluster: Any) -> str:
    """The address of the scheduler of the module's cluster."""
    scheduler: str = cluster.scheduler_address
    return scheduler


def _files(tmp_path: Path) -> list[str]:
    """Logs of each verdict, twice over, and a missing one (by a relative path)."""
    names = ["valid-2p-standard", "illegal-action", "truncated", "wrong-winner", "redacted"]
    files = [str(LOGS / f"{name}.jsonl") for name in names] * 2
    files.insert(3, os.path.relpath(tmp_path / "missing.jsonl"))
    return files


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# ------------------------------------------------------------------ the same reports back


@pytest.mark.parametrize("form", ["text", "json"])
def test_validate_on_a_cluster_prints_what_workers_print(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, address: str, form: str
) -> None:
    files = _files(tmp_path)
    alone = _cli(capsys, "validate", "--format", form, *files)
    workers = _cli(capsys, "validate", "--format", form, "--workers", "2", *files)
    cluster = _cli(capsys, "validate", "--format", form, "--scheduler", address, *files)
    assert alone[0] == 2  # an unreadable log: the highest status
    assert cluster[:2] == workers[:2] == alone[:2]
    assert "Traceback" not in cluster[2]


def test_validate_files_on_a_cluster_gives_each_report_in_order(
    tmp_path: Path, address: str
) -> None:
    files = _files(tmp_path) * 3  # more files than the cluster holds in hand at once
    assert list(validate.validate_files(files, scheduler=address)) == list(
        validate.validate_files(files)
    )


@pytest.mark.parametrize("form", ["text", "json"])
def test_simulate_on_a_cluster_prints_what_workers_print(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, address: str, form: str
) -> None:
    argv = ["simulate", "--games", "12", "--seed", "4", "--bots", "random", "--format", form]
    workers = _cli(capsys, *argv, "--workers", "2", "--log-dir", str(tmp_path / "workers"))
    cluster = _cli(capsys, *argv, "--scheduler", address, "--log-dir", str(tmp_path / "cluster"))
    assert workers[0] == cluster[0] == 0
    assert cluster[1] == workers[1].replace("workers", "cluster")
    written = sorted(path.name for path in (tmp_path / "cluster").iterdir())
    assert written == sorted(path.name for path in (tmp_path / "workers").iterdir())
    assert len(written) == 12
    for name in written:
        assert (tmp_path / "cluster" / name).read_bytes() == (
            tmp_path / "workers" / name
        ).read_bytes()


def test_simulate_on_a_cluster_gives_the_results_in_order(address: str) -> None:
    bots = ["heuristic", "random", "random"]
    expected = list(simulate.simulate(bots, 10, 3))
    assert list(simulate.simulate(bots, 10, 3, scheduler=address)) == expected


def test_a_cluster_shows_progress_as_workers_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0.0)
    argv = ["simulate", "--games", "5", "--bots", "random", "--scheduler", address]
    status, _, err = _cli(capsys, *argv)
    assert status == 0
    assert err.splitlines()[-1].startswith("simulating: 5/5 games (100%), ")


# --------------------------------------------------------------------- what goes wrong


def test_workers_and_a_scheduler_are_refused_together(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    for command in (["validate", "any.jsonl"], ["simulate"]):
        status, out, err = _cli(capsys, *command, "--workers", "2", "--scheduler", address)
        assert (status, out) == (2, "")
        assert "argument --scheduler: not allowed with argument --workers" in err
    with pytest.raises(InvalidArgumentError, match="give workers or a scheduler, not both"):
        list(validate.validate_files(["a.jsonl"], workers=2, scheduler=address))


@pytest.mark.parametrize("text", ["8786", "tcp://", "http://host:8786", "host:99999", "a b:1"])
def test_a_malformed_address_is_refused(capsys: pytest.CaptureFixture[str], text: str) -> None:
    status, out, err = _cli(capsys, "validate", "--scheduler", text, "any.jsonl")
    assert (status, out) == (2, "")
    assert f"argument --scheduler: {text!r} is not a scheduler address: give tcp://HOST:PORT" in err
    with pytest.raises(InvalidArgumentError, match=r"simulate: scheduler: .* is not a scheduler"):
        list(simulate.simulate(["random", "random"], 1, 1, scheduler=text))


def test_an_address_may_leave_out_the_protocol() -> None:
    assert spread.scheduler_address("cluster.example:8786") == "tcp://cluster.example:8786"
    assert spread.scheduler_address("tls://[::1]:08786") == "tls://[::1]:8786"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_an_unreachable_scheduler_is_an_error_within_the_timeout(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spread, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    started = time.monotonic()
    status, out, err = _cli(capsys, "validate", "--scheduler", address, "any.jsonl")
    assert time.monotonic() - started < 8
    assert (status, out) == (2, "")
    assert err.startswith(f"chicago-poker validate: error: cannot reach the scheduler at {address}")
    assert "Traceback" not in err
    status, out, err = _cli(capsys, "simulate", "--scheduler", address)
    assert (status, out) == (2, "")
    assert "chicago-poker simulate: error: cannot reach the scheduler" in err


def test_a_scheduler_without_workers_is_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spread, "CONNECT_TIMEOUT", 0.5)
    with distributed.LocalCluster(
        n_workers=0, processes=False, protocol="tcp", dashboard_address=":0"
    ) as empty:
        status, out, err = _cli(capsys, "simulate", "--scheduler", empty.scheduler_address)
    assert (status, out) == (2, "")
    assert err == (
        f"chicago-poker simulate: error: the scheduler at {empty.scheduler_address} has no worker\n"
    )


def test_without_distributed_the_error_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    status, out, err = _cli(capsys, "validate", "--scheduler", address, "any.jsonl")
    assert (status, out) == (2, "")
    assert err == (
        "chicago-poker validate: error: a scheduler needs the distributed package: "
        'pip install "chicago-poker[cluster]"\n'
    )


class _Client:
    """A client whose cluster's workers have the given versions of chicago_poker."""

    def __init__(self, versions: dict[str, str]) -> None:
        self.versions = versions

    def wait_for_workers(self, count: int, timeout: float) -> None:
        pass

    def run(self, function: object) -> dict[str, str]:
        return self.versions

    def nthreads(self) -> dict[str, int]:
        return {worker: 2 for worker in self.versions}


def test_a_worker_of_another_version_is_refused() -> None:
    mine = spread._version()
    both = _Client({"tcp://a:1": mine, "tcp://b:1": "0.0.1"})
    with pytest.raises(
        ClusterError, match=f"the worker tcp://b:1 has chicago-poker 0.0.1, not {mine}"
    ):
        spread._check_workers(both, "tcp://s:1")
    assert spread._check_workers(_Client({"tcp://a:1": mine, "tcp://b:1": mine}), "s") == 4


@posix_only
def test_ctrl_c_stops_validation_on_a_cluster_without_a_traceback(address: str) -> None:
    files = [str(LOGS / "valid-2p-standard.jsonl")] * 2000

    def first_verdict(running: subprocess.Popen[bytes]) -> None:
        assert running.stdout is not None
        assert b"legal game" in running.stdout.readline()

    argv = ["validate", "--scheduler", address, *files]
    status, out, err = interrupt(argv, first_verdict)
    assert (status, err) == (130, b"chicago-poker: interrupted\n")
    assert out.count(b"\n") < len(files) - 1


# ---------------------------------------------------------------- the seam, on this machine


def test_a_worker_that_dies_is_lost_for_its_items() -> None:
    # os._exit ends the worker process that runs it, with what it had in hand.
    assert list(in_order(os._exit, [3], workers=2, lost=lambda code: -code)) == [-3]
    with pytest.raises(WorkerLostError, match="a worker stopped unexpectedly while working on 4"):
        list(in_order(os._exit, [4], workers=2))


def test_results_keep_the_order_of_the_items_whatever_the_chunks() -> None:
    items = list(range(-20, 21))
    assert list(in_order(abs, items, workers=2, chunk=7)) == [abs(n) for n in items]


def test_a_json_report_from_a_cluster_is_one_document(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    status, out, _ = _cli(capsys, "validate", "--format", "json", "--scheduler", address, "x")
    assert status == 2
    assert json.loads(out)["files"][0]["source"] == "x"


def test_workers_are_forked_only_where_it_is_safe() -> None:
    # A new interpreter runs its main thread alone: on Linux, it forks its workers.
    script = (
        "from chicago_poker.workers import processes; "
        "print(processes.start_method().get_start_method())"
    )
    alone = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert alone.stdout.strip() == ("fork" if sys.platform == "linux" else "spawn")
    # With another thread running, a fork could copy a lock it holds: spawn.
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert processes.start_method() is processes.SPAWN
    finally:
        stop.set()
        other.join()
