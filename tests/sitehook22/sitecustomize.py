"""A Ctrl-C to the process group while a local Dask cluster's worker starts.

Put on ``PYTHONPATH`` of a ``hearts ... --engine dask`` run started in a
session of its own (tests/test_review22.py): a worker process (spawned by
multiprocessing, ``--multiprocessing-fork`` among its arguments) signals
its whole group with SIGINT while Python imports its ``site``, as a
terminal's Ctrl-C reaching a worker still starting does.  No timing, no
hook in the shipped code; the variable is the test's, read by nothing
shipped.
"""

import os
import signal
import sys

if os.environ.get("HEARTS_TEST_GROUP_INTERRUPT") and "--multiprocessing-fork" in sys.argv:
    os.killpg(0, signal.SIGINT)
