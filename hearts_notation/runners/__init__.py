"""Running work: everything below the commands that spreads a unit of work
over processes or machines and gives the results back in input order.

* :mod:`.pool` -- this machine's worker processes (``--jobs``): the ordered
  map, the default number of jobs, signals that always end a run;
* :mod:`.local` -- games from files (:func:`map_games`), the local engine
  and the engine options of a command line (:class:`EngineSpec`);
* :mod:`.seam` -- what every engine offers (:class:`Engine`) and shares;
* :mod:`.shards` -- byte ranges of large files that cluster workers read
  for themselves; :mod:`.dask_engine` -- ``--engine dask``;
* :mod:`.validate`, :mod:`.annotate` -- the units of work of ``validate``
  and of ``annotate`` on a cluster (:mod:`.counted`: ``validate``'s reduced
  where a cluster worker ran it); :mod:`.corpus` -- ``annotate
  --out-dir``: a corpus annotated part by part, each part written by the
  worker that analysed it, resumable.

How each format is cut into batches for the workers is the format's own
knowledge (:mod:`hearts_notation.io.batches`, named by its registry entry
in :mod:`hearts_notation.io.formats`): nothing here tests a format's name.
Nothing here imports the command layer.  The names below are imported on
first use (PEP 562), so importing one module of the package costs only
that module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .local import EngineSpec, LocalEngine, iter_batches, map_games, total_bytes
    from .pool import Progress, default_jobs, gc_paused, map_ordered
    from .seam import DASK_INSTALL, Engine, EngineUnavailable, WorkerLost, guarded

#: Exported name -> the module of this package that defines it.
_LAZY: dict[str, str] = {
    **dict.fromkeys(("EngineSpec", "LocalEngine", "iter_batches", "map_games", "total_bytes"),
                    "local"),
    **dict.fromkeys(("Progress", "default_jobs", "gc_paused", "map_ordered"), "pool"),
    **dict.fromkeys(("DASK_INSTALL", "Engine", "EngineUnavailable", "WorkerLost", "guarded"), "seam"),
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = [
    "DASK_INSTALL",
    "Engine",
    "EngineSpec",
    "EngineUnavailable",
    "LocalEngine",
    "Progress",
    "WorkerLost",
    "default_jobs",
    "gc_paused",
    "guarded",
    "iter_batches",
    "map_games",
    "map_ordered",
    "total_bytes",
]
