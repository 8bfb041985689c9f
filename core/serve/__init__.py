"""``hexforge serve``: the web table, a local web app to play the installed games in the
browser against any agent or hot-seat (docs/serve.md).

Below the command line (no Click here): :class:`Tables` holds the games of one set of
plugins, :mod:`hexforge.core.serve.table` plays one game in a worker thread with the game
runtime (:mod:`hexforge.core.play`), :func:`create_app` is the Starlette application of
the HTTP and WebSocket API and the page in ``static/``, :func:`run` serves it with uvicorn.
"""

from hexforge.core.serve.app import address, create_app, listen, run
from hexforge.core.serve.table import HUMAN, GameSpec, Table
from hexforge.core.serve.tables import Tables

__all__ = ["HUMAN", "GameSpec", "Table", "Tables", "address", "create_app", "listen", "run"]
