"""Start the room for the browser tests, with the test-only showcase game registered in this
process only: python tests/server/serve.py PORT DB_URL BOT_DELAY [--showcase]."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from parlour.core.registry import register  # noqa: E402
from parlour.server import Settings  # noqa: E402
from parlour.server.cli import run  # noqa: E402

if __name__ == "__main__":
    port, db, delay = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    if "--showcase" in sys.argv:
        import parlour

        parlour.games()  # discover the real games first, then add the showcase
        from showcase import Showcase
        register(Showcase)
    # The browser tests open tables and play from one address faster than a person would.
    settings = Settings(db=db, bot_delay=delay, hint_seconds=0.2, creates_per_minute=1e6,
                        tables_per_address=10**6, messages_per_second=1e6, message_burst=10**6,
                        address_messages_per_second=1e6, address_message_burst=10**6)
    run(settings, "127.0.0.1", port, "warning")
