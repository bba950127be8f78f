"""A throwaway PostgreSQL server for the tests: Debian's postgresql binaries, a cluster in a temp
folder, listening on 127.0.0.1 at a free port, trusting local connections, gone when stopped.

    python scripts/pg_throwaway.py start FOLDER   # prints the SQLAlchemy URL of its database
    python scripts/pg_throwaway.py stop FOLDER

initdb refuses to run as root, so as root the cluster belongs to the `postgres` user that Debian's
package makes."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

DATABASE = "parlour_test"
USER = "parlour"


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on the PATH, else Debian's versioned folder."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]))
    return Path(folders[-1]) if folders else None


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + command
    return command


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(folder: Path) -> str:
    bin_ = binaries()
    if bin_ is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run(_as_owner([str(bin_ / "initdb"), "-D", str(data), "-A", "trust", "-U", USER,
                              "-E", "UTF8", "--no-sync"]), check=True, **quiet)
    port = _free_port()
    # fsync off: a test server need not survive a power cut, and commits cost a tenth.
    options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
               f"-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
    subprocess.run(_as_owner([str(bin_ / "pg_ctl"), "-D", str(data), "-o", options, "-l",
                              str(folder / "log"), "-w", "start"]), check=True, **quiet)
    (folder / "port").write_text(str(port))
    deadline = time.time() + 20
    while True:
        made = subprocess.run([str(bin_ / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U",
                               USER, DATABASE], capture_output=True, text=True)
        if made.returncode == 0:
            break
        if time.time() > deadline:
            raise RuntimeError(made.stderr)
        time.sleep(0.2)
    return f"postgresql+psycopg://{USER}@127.0.0.1:{port}/{DATABASE}"


def fresh_schema(base: str, prefix: str = "t_") -> str:
    """A database of its own on the server at `base` (a SQLAlchemy URL): a new, empty schema, and
    the URL whose connections use it."""
    import uuid

    from sqlalchemy import create_engine
    schema = prefix + uuid.uuid4().hex[:16]
    engine = create_engine(base)
    with engine.begin() as conn:
        conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    engine.dispose()
    return f"{base}?options=-csearch_path%3D{schema}"


def stop(folder: Path) -> None:
    bin_ = binaries()
    if bin_ is None or not (folder / "data").exists():
        return
    subprocess.run(_as_owner([str(bin_ / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
                              "stop"]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    verb, where = sys.argv[1], Path(sys.argv[2])
    if verb == "start":
        print(start(where))
    else:
        stop(where)
