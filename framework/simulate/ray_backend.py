"""``--backend ray``: the same games on a Ray cluster (or a local Ray), for runs larger than one
machine. Ray is an optional extra (``pip install 'railyard[ray]'``) imported only here, only
when asked for; records come back in job order, so they equal the local backend's."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from railyard.framework.simulate.runner import Job, play_game


def run_ray(jobs: Sequence[Job], workers: int) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the ray backend needs ray: pip install 'railyard[ray]'") from error
    if not ray.is_initialized():
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    remote = ray.remote(max_calls=1)(play_game)  # a fresh worker process per game
    pending = [remote.remote(job) for job in jobs]
    for ref in pending:  # in job order, so records come out as the local backend's
        yield ray.get(ref)
