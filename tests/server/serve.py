"""Start the room for the browser tests, with the test-only showcase game registered in this
process only: python tests/server/serve.py PORT DB_URL BOT_DELAY [--showcase]."""

import sys
from pathlib import Path

import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from parlour.core.registry import register  # noqa: E402
from parlour.server import Settings, create_app  # noqa: E402

if __name__ == "__main__":
    port, db, delay = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    if "--showcase" in sys.argv:
        import parlour

        parlour.games()  # discover the real games first, then add the showcase
        from showcase import Showcase
        register(Showcase)
    app = create_app(Settings(db=db, bot_delay=delay, hint_seconds=0.2))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio",
                ws_max_size=1 << 20)
