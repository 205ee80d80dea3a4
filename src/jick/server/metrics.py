"""The server's Prometheus metrics (``GET /metrics``), in a registry of its own per application.

The numbers are taken at a few seams only: :meth:`Tables._take` counts
actions, :meth:`Tables.act` times a person's action from its arrival to its
commit, the bot turn times the bot's decision, :class:`AsyncStore` times each
batch it commits, :class:`Connection` counts the errors it tells a client,
and the HTTP guard counts answers by status class. Tables by status and open
sockets are read when the metrics are scraped.

>>> m = Metrics()
>>> m.actions.labels("human").inc()
>>> 'jick_actions_total{by="human"} 1.0' in m.render().decode()
True
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE", "Metrics"]

#: The Prometheus text format's media type.
CONTENT_TYPE = CONTENT_TYPE_LATEST

#: Buckets for times on the server's own path (commits, a person's action): 1 ms to 2.5 s.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: Buckets for a bot's decision: 1 ms to 30 s (a search bot thinks up to its deadline).
THINKING = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """The metrics of one server application."""

    def __init__(self) -> None:
        self.registry = r = CollectorRegistry()
        self.tables = Gauge("jick_tables", "Tables in the database, by status.", ["status"], registry=r)
        self.sockets = Gauge(
            "jick_sockets", "Open websockets of tables, by role (seat or spectator).", ["role"], registry=r
        )
        self.actions = Counter(
            "jick_actions", "Actions taken and committed, by who took them (human, bot, standin).", ["by"], registry=r
        )
        self.action_latency = Histogram(
            "jick_action_latency_seconds",
            "A person's action, from its arrival on the websocket to its commit.",
            buckets=FAST,
            registry=r,
        )
        self.bot_decision = Histogram(
            "jick_bot_decision_seconds",
            "A bot's decision in the bot pool, by bot.",
            ["kind"],
            buckets=THINKING,
            registry=r,
        )
        self.commit = Histogram(
            "jick_db_commit_seconds", "One batch of actions committed to the database.", buckets=FAST, registry=r
        )
        self.errors = Counter(
            "jick_errors", "Refusals and errors told to clients (HTTP and websocket), by code.", ["code"], registry=r
        )
        self.http = Counter(
            "jick_http_responses", "HTTP answers, by status class (2xx, 4xx, 5xx...).", ["status"], registry=r
        )
        for by in ("human", "bot", "standin"):
            self.actions.labels(by)
        for role in ("seat", "spectator"):
            self.sockets.labels(role)
        for status in ("2xx", "4xx", "5xx"):
            self.http.labels(status)

    def response(self, status: int) -> None:
        """Count an HTTP answer by its status class."""
        self.http.labels(f"{status // 100}xx").inc()

    def render(self) -> bytes:
        """Every metric in the Prometheus text format."""
        return generate_latest(self.registry)
