"""PostgreSQL LISTEN/NOTIFY against Redis pub/sub, for the messages several server processes exchange.

One publisher sends ``--messages`` messages of ``--size`` bytes (a view of a
table is 1 to 3 KB) on one channel, one at a time (a round trip each) and in
batches of 100 (one transaction of NOTIFYs, one Redis pipeline); one listener
receives them. Reports messages/s and the latency from publish to receipt
(p50, p99). Both run on 127.0.0.1; nothing is kept.

    .venv/bin/python benchmarks/bench_pubsub.py --messages 5000 --size 2000
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

CHANNEL = "jick_bench"


def _payload(i: int, size: int) -> str:
    head = json.dumps({"i": i, "t": time.perf_counter()}, separators=(",", ":"))
    return head + " " * max(0, size - len(head))


def _summary(name: str, started: float, latencies: list[float]) -> str:
    took = time.perf_counter() - started
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[int(len(ms) * 0.99) - 1]
    return f"{name:<28} {len(ms) / took:>9.0f} msg/s   p50 {statistics.median(ms):6.2f} ms   p99 {p99:6.2f} ms"


async def postgres(url: str, n: int, size: int, batch: int) -> str:
    import psycopg

    listener = await psycopg.AsyncConnection.connect(url, autocommit=True)
    sender = await psycopg.AsyncConnection.connect(url, autocommit=True)
    await listener.execute(f"LISTEN {CHANNEL}")
    latencies: list[float] = []

    async def listen() -> None:
        async for note in listener.notifies():
            latencies.append(time.perf_counter() - json.loads(note.payload.split(" ", 1)[0])["t"])
            if len(latencies) >= n:
                return

    task = asyncio.create_task(listen())
    started = time.perf_counter()
    for first in range(0, n, batch):
        async with sender.transaction():
            for i in range(first, min(n, first + batch)):
                await sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, _payload(i, size)))
    await asyncio.wait_for(task, 60)
    await listener.close()
    await sender.close()
    return _summary(f"PostgreSQL NOTIFY x{batch}", started, latencies)


async def redis(url: str, n: int, size: int, batch: int) -> str:
    from redis.asyncio import Redis

    client: Any = Redis.from_url(url)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    await pubsub.subscribe(CHANNEL)
    latencies: list[float] = []

    async def listen() -> None:
        while len(latencies) < n:
            message = await pubsub.get_message(timeout=1.0)
            if message is not None:
                data = message["data"].decode()
                latencies.append(time.perf_counter() - json.loads(data.split(" ", 1)[0])["t"])

    task = asyncio.create_task(listen())
    started = time.perf_counter()
    for first in range(0, n, batch):
        async with client.pipeline(transaction=False) as pipe:
            for i in range(first, min(n, first + batch)):
                pipe.publish(CHANNEL, _payload(i, size))
            await pipe.execute()
    await asyncio.wait_for(task, 60)
    await pubsub.aclose()
    await client.aclose()
    return _summary(f"Redis PUBLISH x{batch}", started, latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--size", type=int, default=2000)
    args = parser.parse_args()
    if not 1 <= args.size <= 7900:
        raise SystemExit("--size must be 1..7900 bytes (NOTIFY takes at most 8000)")
    for batch in (1, 100):
        print(asyncio.run(postgres(args.postgres, args.messages, args.size, batch)), flush=True)
        print(asyncio.run(redis(args.redis, args.messages, args.size, batch)), flush=True)


if __name__ == "__main__":
    main()
