"""Reading back a JSON-lines file that a long run appends to as it goes (the arena's journal, the
lab's games), so that a run stopped midway can go on from it.

A stop can come in the middle of a write, so the last line may be cut short: readers pass it
over, and the run that goes on appending cuts it off the file first, so that the next record
starts on a line of its own. Any other line that is not a JSON object
means the file is not what the caller thinks, and is refused rather than thrown away with
everything after it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path


def records(path: Path, repair: bool = False) -> Iterator[dict]:
    """Each whole record of the file, in order; a torn last line is passed over. With `repair`
    (for the run that goes on appending), once they are all read, that line is cut off the file
    or a whole last record without its newline is given one; a reader leaves the file alone, as
    the line may still be being written. ValueError for a line that is not a JSON object and not
    the last."""
    path = Path(path)
    if not path.exists():
        return
    good = 0  # bytes of whole lines read
    bad = None
    ends_open = False
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            if bad is not None:
                raise ValueError(f"{path}: line {bad} is not a JSON record")
            try:
                record = json.loads(line)
            except ValueError:
                record = None
            if not isinstance(record, dict):
                bad = number
                continue
            good += len(line)
            ends_open = not line.endswith(b"\n")
            yield record
    if not repair:
        return
    if bad is not None:
        with path.open("r+b") as handle:
            handle.truncate(good)
    elif ends_open:
        with path.open("ab") as handle:
            handle.write(b"\n")
